/// Rows of the sessions table written by hand, in forms Cadence never writes: other kinds and
/// outcomes, times with offsets or more digits or none at all, a 29 February of a common year
/// and a thirteenth month, numbers as text or with fractions or past 64 bits, text as blobs
/// (one not UTF-8), a NUL and a line feed in text, tags with blanks. One SQL script, for the
/// tests of whatever reads the table (the stored columns, `history`'s writers) to run.
public enum HostileSessionRows {
  /// The script: five rows, `h1` to `h4` and one whose uuid is the number 12.
  public static let sql = """
    PRAGMA ignore_check_constraints = ON;
    INSERT INTO sessions (uuid, kind, routine, task, goal, tags, started_at, ended_at,
      planned_ms, active_ms, outcome, segments_done, segments_skipped, pauses, note, coins,
      resumed)
    VALUES
      ('h1', 'FOCUS', X'47796D', X'61FF62', 'goal', ' a, ,b ', '2026-03-29T02:30:00.5+01:00',
       'garbage', 1.6, 'lots', 'done', 2.5, -3, 'x', X'6E6F7465', 7.25, 2),
      ('h2', 'timer', 'a' || char(0) || 'b', NULL, NULL, 'writing, uni',
       '2026-02-29T10:00:00.000Z', '2026-11-30T15:20:00.1234567Z', 60000, 60000, 'completed',
       1, 0, 0, 'n' || char(10) || 'm', 0, 'yes'),
      ('h3', 'break', NULL, 'Essay', NULL, 'é,x', '2026-10-25T01:30:00Z',
       '2026-10-25T01:30:00.000+0000', 9223372036854775807, 9223372036854775807, 'stopped',
       9223372036854775807, -9223372036854775808, 0, '', 9223372036854775807, 1),
      ('h4', '', '', '', '', '', '', '', 0, 0, '', 0, 0, 0, ' ', 0, 0),
      (12, 'routine', 5, 6.5, X'', ',', '0000-01-01T00:00:00.000Z',
       '2026-13-01T00:00:00.000Z', 1e300, -1, 'stopped', 1, 1, 1, 'z', 1, -1);
    """

  /// How many rows ``sql`` writes.
  public static let count = 5
}
