/** The login form's rules (core §2), in a chunk of their own: loaded on first interaction (LoginForm). */
export { loginSchema } from '@portal/contracts';
