import { alertFailure } from './client';

/**
 * For callers that only need to know whether a write worked (a form that keeps or clears its text):
 * true on success; on failure the text is said (nothing after a 401, already answered) and false.
 */
export function worked(run: Promise<unknown>, failureText: string): Promise<boolean> {
  return run.then(
    () => true,
    (e: unknown) => {
      alertFailure(e, failureText);
      return false;
    },
  );
}
