import { createUnauthorizedSignal } from '@px/config';

/** The student site's 401 bridge: the request client `notifyUnauthorized`s, the guard `onUnauthorized` ends the session. */
export const { listen: onUnauthorized, notify: notifyUnauthorized } = createUnauthorizedSignal();
