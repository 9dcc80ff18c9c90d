import { useEffect, useState } from 'react';

export interface LiveDraft {
  /** What the input shows: the user's text, else the live value. */
  text: string;
  /** The user has changed the text and not written it yet. */
  editing: boolean;
  change: (text: string) => void;
  discard: () => void;
  /** The text was written: it stays shown until the live value changes (the write coming back). */
  written: () => void;
}

/** An input's text over a live value: it follows the value until the user types. */
export function useLiveDraft(current: string): LiveDraft {
  const [draft, setDraft] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the live value changes
  useEffect(() => {
    if (sent) {
      setDraft(null);
      setSent(false);
    }
  }, [current]);
  return {
    text: draft ?? current,
    editing: draft !== null && !sent && draft !== current,
    change: (text) => {
      setSent(false);
      setDraft(text);
    },
    discard: () => {
      setSent(false);
      setDraft(null);
    },
    written: () => setSent(true),
  };
}
