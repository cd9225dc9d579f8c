/**
 * The one error a command throws for what its user can mend (an option, a file, a ruleset, a git
 * reference): its message is the sentence to print. main.ts catches it, for every command, prints
 * `spectral-api-conventions <command>: <sentence>` (and the command's usage after a UsageError) and
 * exits 2. Anything else thrown is a bug of ours, shown with its stack by the bin (cli/index.ts).
 */
export class UserError extends Error {}

/** A wrong option or argument: the command's usage follows the sentence. */
export class UsageError extends UserError {}
