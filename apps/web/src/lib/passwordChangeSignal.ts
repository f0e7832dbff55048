type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Raised when the server refuses a call because the user's password was reset by an administrator
 * (ACCOUNT_MESSAGES.mustChangePassword); the shell listens and opens the change-password tab.
 */
export const passwordChangeSignal = {
  emit(): void {
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
