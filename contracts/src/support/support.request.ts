/** Path of the caller's bank details (core §2 /profile "Bank Details"). Data only: the shell's entry reads it. */
export const BANK_DETAILS_PATH = 'getUserBankDetails';
