/** `reset-records ops help`: the syntax of every command (producer.md §4). */
export const OPS_USAGE = `reset-records ops: the operator's journal

Reading (appends nothing, needs no --by):
  ops review [--json]              the posts held for review, oldest first, with why
  ops log [--limit N] [--json]     the operator's entries, newest first (N default 50)
  ops status [--json]              what is published, the last check, the queue, the monitor
                                   holding the lease, and the last alerts with their delivery
  ops cursor [--json]              where the next check of the source reads from (since_id)

Writing (appends one entry; --by NAME or OPERATOR names you; --reason TEXT goes in the log):
  ops accept POST_ID [--set FIELD=VALUE …]
  ops correct RECORD_ID --set FIELD=VALUE [--set FIELD=VALUE …]
  ops note --kind K --reset-type T [--window START,END --precision P] [--basis B]
           [--scope SCOPE] [--effective-at TIME] [--text TEXT] [--post POST_ID]
           [--announced-at TIME]
  ops complete --schedules ID[,ID…] [--at TIME] [--reset-type T]
  ops link SCHEDULE_ID COMPLETION_ID
  ops unlink SCHEDULE_ID
  ops dismiss RECORD_ID
  ops restore RECORD_ID
  ops reclassify POST_ID           classify a stored post again with this version's classifier
  ops reclassify --held [--dry-run]
                                   every held post at once (one entry each); --dry-run only
                                   shows what would change
  ops undo ENTRY_ID
  ops check                        ask the running monitor for a round now
  ops cursor --reset [--to POST_ID]
                                   the next check reads the newest pages again, or after
                                   POST_ID (a reset is not undone: reset again)

Values:
  TIME, START, END  2026-11-20T18:00:00.000Z (UTC, as published), now, -2h (write
         --at=-2h), "6pm PT today", "18:00 PT tomorrow", "2026-11-20 18:00 America/Los_Angeles";
         PT means SCHEDULE_TIME_ZONE; any other form is echoed in UTC before it is written
  --window START,END, or one date for a whole day: 2026-11-21, tomorrow
  K      reset_scheduled | reset_completed
  T      global | banked | global_and_banked
  P      date | datetime        B  explicit (default with --window) | contextual_inference
  SCOPE  plans:plus,pro;windows:weekly (a part left out is unknown),
         or JSON {"plans":["plus"],"windows":["weekly"]}
  FIELD  kind, resetType, scope, effectiveAt, window (START,END), precision, basis,
         text, confidence (0 to 1); the VALUE null clears a field

--json: a writing command prints one JSON object {action, entryId, at, actor, recordIds,
changes}; review and log print one JSON object per line.
Exit status: 0 done, 1 refused (nothing appended), 2 usage error.`;
