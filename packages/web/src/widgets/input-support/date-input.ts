/**
 * Dates of the form's date, date-time and time fields: the reference keeps them as epoch ms; the
 * browser's inputs speak local `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm` and `HH:mm`.
 */
export type DateInputType = 'dateTime' | 'date' | 'time';

const pad = (n: number) => String(n).padStart(2, '0');

export function dateInputText(type: DateInputType, epochMs: number): string {
  const d = new Date(epochMs);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (type === 'date') return date;
  if (type === 'time') return time;
  return `${date}T${time}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Epoch ms of an input's text in local time, or null when it is not a valid date. A time keeps the
 * day of `baseMs` (the value it replaces), else today.
 */
export function epochOfDateInput(type: DateInputType, text: string, baseMs?: number): number | null {
  let datePart: string | undefined;
  let timePart: string | undefined;
  if (type === 'date') datePart = text;
  else if (type === 'time') timePart = text;
  else [datePart, timePart] = text.split('T');
  const base = new Date(baseMs ?? Date.now());
  let year = base.getFullYear();
  let month = base.getMonth();
  let day = base.getDate();
  let hours = 0;
  let minutes = 0;
  let seconds = 0;
  if (datePart !== undefined) {
    const match = DATE.exec(datePart);
    if (!match) return null;
    year = Number(match[1]);
    month = Number(match[2]) - 1;
    day = Number(match[3]);
  }
  if (timePart !== undefined) {
    const match = TIME.exec(timePart);
    if (!match) return null;
    hours = Number(match[1]);
    minutes = Number(match[2]);
    seconds = Number(match[3] ?? 0);
    if (hours > 23 || minutes > 59 || seconds > 59) return null;
  }
  const result = new Date(year, month, day, hours, minutes, seconds);
  if (result.getMonth() !== month || result.getDate() !== day) return null;
  return result.getTime();
}
