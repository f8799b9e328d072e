import { Suspense, lazy } from 'react';
import { LoginPage } from '../features/auth/components/login-page';

// The sign-up link brings its own strings (features/billing), so the login page's chunk stays small.
const SignupLink = lazy(() => import('../features/billing/components/signup-link'));

/** `/login`: auth's sign-in form with billing's way to sign up below it; the app composes the two. */
export function LoginScreen() {
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
