// Creates admin accounts, gives and takes staff roles, lists admins: `npm run admin -- <command> [options]`.
import { parseArgs } from "node:util";
import { runWithDatabase } from "./lib/cli";
import { createAdmin, demoteAdmin, listAdmins, passwordResetLink, promoteAdmin } from "./lib/admin-commands";
import { publicUrlForCommand } from "#app/server/core/public-url.server";
import { isRole, type Role } from "#app/lib/access";

const usage = `Usage:
  npm run admin -- create --email E [--password P] [--name N]   new admin account (a password is generated when none is given)
  npm run admin -- promote --email E [--role R]                 give an existing account a role: admin (the default), editor, author or contributor
  npm run admin -- demote --email E                             make a staff account a reader again (never the site owner)
  npm run admin -- list                                         show every admin
  npm run admin -- reset-password --email E                     print a one-time link (one hour) to choose a new password`;

class UsageError extends Error {}

/** parseArgs rejects unknown options and missing values with ERR_PARSE_ARGS_* codes. */
const isParseArgsError = (error: unknown) => error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS");

type Command =
  | { name: "create"; email: string; password?: string; displayName?: string }
  | { name: "promote"; email: string; role: Role }
  | { name: "demote" | "reset-password"; email: string }
  | { name: "list" };

function parseCommand(args: string[]): Command {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
  });
  const [commandName, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  if ((values.password !== undefined || values.name !== undefined) && commandName !== "create") {
    throw new UsageError("--password and --name only go with create.");
  }
  if (values.role !== undefined && commandName !== "promote") throw new UsageError("--role only goes with promote.");
  switch (commandName) {
    case "list":
      if (values.email !== undefined) throw new UsageError("list takes no --email.");
      return { name: commandName };
    case "create":
      if (!values.email) throw new UsageError("create needs --email.");
      return { name: commandName, email: values.email, password: values.password, displayName: values.name };
    case "promote": {
      if (!values.email) throw new UsageError("promote needs --email.");
      const role = values.role ?? "admin";
      if (!isRole(role) || role === "user") throw new UsageError(`Unknown role: ${role}. Choose admin, editor, author or contributor (demote makes a reader).`);
      return { name: commandName, email: values.email, role };
    }
    case "demote":
    case "reset-password":
      if (!values.email) throw new UsageError(`${commandName} needs --email.`);
      return { name: commandName, email: values.email };
    default:
      throw new UsageError(commandName ? `Unknown command: ${commandName}` : "Missing command.");
  }
}

function run(command: Command) {
  return runWithDatabase(null, async ({ db }, config) => {
    switch (command.name) {
      case "create": {
        const admin = await createAdmin(db, command);
        console.log(`Created admin ${admin.email}.`);
        if (admin.generatedPassword) console.log(`Password (shown once, write it down): ${admin.generatedPassword}`);
        break;
      }
      case "promote":
        await promoteAdmin(db, command.email, command.role);
        console.log(`${command.email} is now ${/^[aeiou]/.test(command.role) ? "an" : "a"} ${command.role}.`);
        break;
      case "demote":
        await demoteAdmin(db, command.email);
        console.log(`${command.email} is now a reader (user).`);
        break;
      case "reset-password": {
        // The server's address (PUBLIC_URL, else the one it last started with): the one its start-up line printed.
        const link = await passwordResetLink(db, command.email, await publicUrlForCommand(db, config));
        console.log(`Give this link to the account's owner; it works once, for one hour:\n${link}`);
        break;
      }
      case "list": {
        const admins = await listAdmins(db);
        if (admins.length === 0) console.log("No admins yet.");
        for (const admin of admins) {
          console.log(`${admin.email}\t${admin.displayName ?? "-"}\t${admin.createdAt.toISOString()}`);
        }
        break;
      }
    }
  });
}

let command: Command;
try {
  command = parseCommand(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError || isParseArgsError(error))) throw error;
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(1);
}
await run(command);
