import { useNavigate } from 'react-router';
import { LOGIN_FIRST_ALERT } from './categories';

/** Tells an anonymous visitor to log in first, then goes to /login remembering where to come back to. */
export function useAskLogin() {
  const navigate = useNavigate();
  return (from: string) => {
    alert(LOGIN_FIRST_ALERT);
    navigate('/login', { state: { from } });
  };
}
