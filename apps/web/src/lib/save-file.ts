/** Hands a file to the browser's download, as a link the page clicks for the person. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
