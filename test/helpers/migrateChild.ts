// Opens a host database as the host does, which migrates it, and, given a
// number, kills itself with SIGKILL just before that statement of the
// migrations runs. Prints how many statements ran. Each migration's SQL is
// run one statement at a time in the migration's own transaction, which is
// what SQLite does with it anyway: the kill can then land between any two.
import Database from 'better-sqlite3';
import { Sql } from '../../src-main/server/store/sql';

const [path, killAtArgument] = process.argv.slice(2);
if (path === undefined) throw new Error('usage: migrateChild.ts DATABASE [KILL_AT]');
const killAt = killAtArgument === undefined ? Number.POSITIVE_INFINITY : Number(killAtArgument);

// The migrations' SQL ends each statement with a semicolon at the end of a
// line, and none of those that still run on old databases holds a trigger.
const statements = (source: string) =>
  source
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');

let executed = 0;
const exec = Database.prototype.exec;
Database.prototype.exec = function execOneByOne(this: Database.Database, source: string) {
  for (const statement of statements(source)) {
    if (executed === killAt) process.kill(process.pid, 'SIGKILL');
    executed += 1;
    exec.call(this, statement);
  }
  return this;
};

new Sql(path).close();
process.stdout.write(String(executed));
