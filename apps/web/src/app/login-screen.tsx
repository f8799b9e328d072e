import { Suspense, lazy, useEffect } from 'react';
import { LoginPage } from '../features/auth/components/login-page';

// The sign-up link brings its own strings (features/billing), so the login page's chunk stays small.
const SignupLink = lazy(() => import('../features/billing/components/signup-link'));

/** `/login`: auth's sign-in form with billing's way to sign up below it; the app composes the two. */
export function LoginScreen() {
  // The sign-in action's code (router.tsx) loads once the page has shown, so a submit does not wait for it.
  useEffect(() => {
    import('../features/auth/api/login').catch(() => undefined);
  }, []);
  return (
    <LoginPage
      signupLink={
        <Suspense fallback={null}>
          <SignupLink />
        </Suspense>
      }
    />
  );
}
