/**
 * MQTT topic filters as the reference matches a profile's custom telemetry and attribute topics
 * (`MqttTopicFilterFactory`): a filter without wildcards must equal the topic; `+` stands for one
 * non-empty level, a trailing `#` for the rest of the topic (none included), `#` alone for any topic.
 */
export type TopicMatcher = (topic: string) => boolean;

const cache = new Map<string, TopicMatcher>();
/** Profiles are few; the bound only guards against a pathological number of edits. */
const CACHE_LIMIT = 1000;

function compile(filter: string): TopicMatcher {
  if (filter === '#') return () => true;
  if (!filter.includes('+') && !filter.includes('#')) return (topic) => topic === filter;
  const levels = filter.split('/');
  const multi = levels[levels.length - 1] === '#';
  const fixed = multi ? levels.slice(0, -1) : levels;
  return (topic) => {
    const parts = topic.split('/');
    if (multi ? parts.length < fixed.length : parts.length !== fixed.length) return false;
    for (let i = 0; i < fixed.length; i++) {
      const level = fixed[i];
      const part = parts[i] as string;
      if (level === '+') {
        if (part === '') return false;
      } else if (level !== part) {
        return false;
      }
    }
    return true;
  };
}

/** The matcher of a topic filter, compiled once per distinct filter. */
export function topicMatcher(filter: string): TopicMatcher {
  let matcher = cache.get(filter);
  if (!matcher) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    matcher = compile(filter);
    cache.set(filter, matcher);
  }
  return matcher;
}

/** True when `topic` matches the MQTT topic filter `filter`. */
export function matchesTopicFilter(filter: string, topic: string): boolean {
  return topicMatcher(filter)(topic);
}
