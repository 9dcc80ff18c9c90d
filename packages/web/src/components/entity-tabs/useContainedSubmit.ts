import { type FormEvent, useState } from 'react';

/**
 * The submit of a form drawn inside an entity's details, which is a form itself: the submit event
 * stops here so the entity form never sees it. `save` starts the save and returns it, or returns
 * null when the values cannot be saved (after marking what is wrong); `saving` is true while a save
 * runs. A failed save is shown by the HTTP client and leaves the form open.
 */
export function useContainedSubmit(save: () => Promise<unknown> | null): {
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
} {
  const [saving, setSaving] = useState(false);
  const settle = async (pending: Promise<unknown>) => {
    setSaving(true);
    try {
      await pending;
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const pending = save();
    if (pending) {
      void settle(pending);
    }
  };
  return { saving, onSubmit };
}
