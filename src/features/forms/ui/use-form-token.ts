import { useState } from 'react';
import { formMessages } from '../messages.ts';
import { fetchToken, nowSeconds } from './form-client.ts';

/** Seed §9: a token older than this is fetched again (`qforms_get_token`) before it is used. */
const tokenLifetimeSeconds = 86400;

type FormToken = { token: string; time: number };

/** The token the form sends, as the page gave it and as it is renewed. */
export function useFormToken(formId: number, initial: FormToken) {
  const [current, setCurrent] = useState(initial);
  const [refreshing, setRefreshing] = useState(false);

  /** Fetches a new token when this one is too old; answers it, or nothing when none came. */
  const refreshIfStale = async () => {
    if (nowSeconds() - current.time <= tokenLifetimeSeconds) return undefined;
    setRefreshing(true);
    try {
      const fresh = await fetchToken(formId);
      setCurrent(fresh);
      return fresh;
    } catch (error) {
      console.error(formMessages.tokenRefreshError, error);
      return undefined;
    } finally {
      setRefreshing(false);
    }
  };

  return { token: current, refreshing, refreshIfStale, replaceToken: setCurrent };
}
