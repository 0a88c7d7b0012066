/** The identity provider's sign-in script, loaded only when the sign-in block is shown. */
const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

type CredentialResponse = { credential: string };

/** The part of Google Identity Services this app uses. */
export type GoogleIdentity = {
  initialize(options: { client_id: string; callback(response: CredentialResponse): void }): void;
  renderButton(
    parent: HTMLElement,
    options: { theme?: 'outline' | 'filled_blue'; size?: 'large'; text?: 'signin_with'; width?: number },
  ): void;
};

declare global {
  interface Window {
    google?: { accounts: { id: GoogleIdentity } };
  }
}

let loading: Promise<GoogleIdentity> | null = null;

/** Adds the script once; later calls share the same promise. A failed load may be retried. */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google ? resolve(window.google.accounts.id) : reject(new Error('Google sign-in did not start.'));
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}
