/** Path of the caller's details (core §2 top bar, profile). Data only: the shell's entry reads it. */
export const USER_DETAILS_PATH = 'getUserDetails';
