import { Link } from 'react-router-dom';
import { AUTH_TEXT } from '@portal/contracts';

/** "Back to login": a link to the bare /login route, which shows the login form again. */
export function BackToLogin() {
  return <Link to="/login">{AUTH_TEXT.backToLogin}</Link>;
}
