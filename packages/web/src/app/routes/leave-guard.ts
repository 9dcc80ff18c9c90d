import { useEffect, useRef } from 'react';

/**
 * Pages with unsaved work (the rule chain editor) ask before the user leaves them: such a page
 * registers the question here while it has changes, and the route guard, which owns the router's
 * one navigation blocker, asks it before any in-app navigation away.
 */
export interface LeaveQuestion {
  title: string;
  message: string;
  okLabel: string;
  cancelLabel: string;
}

const questions = new Set<{ current: LeaveQuestion | null }>();

/** The question to ask before leaving, if a page has unsaved work. */
export function pendingLeaveQuestion(): LeaveQuestion | null {
  for (const question of questions) {
    if (question.current) return question.current;
  }
  return null;
}

/** Asks `question` before the user navigates away while it is not null; also on closing the tab. */
export function useLeaveGuard(question: LeaveQuestion | null): void {
  const ref = useRef<LeaveQuestion | null>(question);
  ref.current = question;
  useEffect(() => {
    const entry = ref;
    questions.add(entry);
    return () => {
      questions.delete(entry);
    };
  }, []);
  const dirty = question !== null;
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
