/**
 * scrypt's cost in the tests (PASSWORD_HASH_COST, log2 of N): 2^10 is 3 ms of a core where the product's 2^15 is
 * 120 ms. The suite hashed over 1,500 passwords, about three minutes of the two cores' work, none of it what the
 * tests test. The hash itself is tested at the product's cost (auth-signup.test.ts), and production refuses less
 * than 15 (decision 0023).
 */
export const TEST_PASSWORD_HASH_COST = '10';
