import { createContext, useContext } from 'react';
import type { ConsoleSession } from '@lumenfield/contract';

export const SessionContext = createContext<ConsoleSession | null>(null);

/** The signed-in person; only screens inside the signed-in shell ask. */
export function useSession(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs the signed-in shell above it.');
  return session;
}
