/** A cell that a spreadsheet would run as a formula (=, +, -, @) is written as text. */
export const csvCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
