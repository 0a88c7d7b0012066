import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache; modules outside React (stores, step hooks) read it through here. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
