/**
 * Rule engine queues and their strategies (reference §6.3, `queue.rule-engine.queues`).
 */
export const SUBMIT_STRATEGIES = [
  'BURST',
  'BATCH',
  'SEQUENTIAL_BY_ORIGINATOR',
  'SEQUENTIAL_BY_TENANT',
  'SEQUENTIAL',
] as const;
export type SubmitStrategy = (typeof SUBMIT_STRATEGIES)[number];

export const PROCESSING_STRATEGIES = [
  'SKIP_ALL_FAILURES',
  'SKIP_ALL_FAILURES_AND_TIMED_OUT',
  'RETRY_ALL',
  'RETRY_FAILED',
  'RETRY_TIMED_OUT',
  'RETRY_FAILED_AND_TIMED_OUT',
] as const;
export type ProcessingStrategy = (typeof PROCESSING_STRATEGIES)[number];

export interface QueueConfig {
  name: string;
  partitions: number;
  /** Most messages one partition takes at a time (a "pack"). */
  packSize: number;
  submitStrategy: SubmitStrategy;
  /** Messages submitted together by the BATCH strategy. */
  batchSize: number;
  processingStrategy: ProcessingStrategy;
  /** Retries of a pack's failed or timed-out messages; 0 retries forever. */
  retries: number;
  /** Share of failed messages (percent) above which a pack is retried; 0 retries on any. */
  failurePercentage: number;
  pauseBetweenRetriesMs: number;
  maxPauseBetweenRetriesMs: number;
  packProcessingTimeoutMs: number;
}

const common = { partitions: 10, failurePercentage: 0, packProcessingTimeoutMs: 2000 };

/** The reference's three queues with its defaults. */
export const DEFAULT_QUEUES: readonly QueueConfig[] = [
  {
    ...common,
    name: 'Main',
    packSize: 1000,
    submitStrategy: 'BURST',
    batchSize: 1000,
    processingStrategy: 'SKIP_ALL_FAILURES',
    retries: 3,
    pauseBetweenRetriesMs: 3000,
    maxPauseBetweenRetriesMs: 3000,
  },
  {
    ...common,
    name: 'HighPriority',
    packSize: 100,
    submitStrategy: 'BURST',
    batchSize: 100,
    processingStrategy: 'RETRY_FAILED_AND_TIMED_OUT',
    retries: 0,
    pauseBetweenRetriesMs: 5000,
    maxPauseBetweenRetriesMs: 5000,
  },
  {
    ...common,
    name: 'SequentialByOriginator',
    packSize: 100,
    submitStrategy: 'SEQUENTIAL_BY_ORIGINATOR',
    batchSize: 100,
    processingStrategy: 'RETRY_FAILED_AND_TIMED_OUT',
    retries: 3,
    pauseBetweenRetriesMs: 5000,
    maxPauseBetweenRetriesMs: 5000,
  },
];
