/**
 * What the client said it can do and what the user set: whether diagnostics are published
 * (`diagnostics: false` leaves them to Spectral's extension), whether code actions are resolved
 * lazily, whether edits may name the version they were computed on, whether progress can be shown.
 */
import type { InitializeParams } from 'vscode-languageserver';

/** The `diagnostics` setting in a settings object, or `fallback` when the object does not mention it. */
function diagnosticsSetting(settings: unknown, fallback: boolean): boolean {
  const value = (settings as { spectralApiConventions?: { diagnostics?: unknown } } | null)?.spectralApiConventions
    ?.diagnostics;
  return typeof value === 'boolean' ? value : fallback;
}

export class Settings {
  /** Whether our findings are published as diagnostics. */
  publishing = true;
  /** Whether the client resolves a code action's edit when it is chosen (else edits come with the list). */
  resolveSupport = false;
  /** Whether the client takes edits tied to a document version. */
  versionedEdits = false;

  initialize(params: InitializeParams): void {
    this.publishing = diagnosticsSetting({ spectralApiConventions: params.initializationOptions as unknown }, true);
    this.resolveSupport =
      params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true;
    this.versionedEdits = params.capabilities.workspace?.workspaceEdit?.documentChanges === true;
  }

  /** Takes a settings change; whether the publishing setting changed (settings of others leave it as it was). */
  change(settings: unknown): boolean {
    const before = this.publishing;
    this.publishing = diagnosticsSetting(settings, this.publishing);
    return this.publishing !== before;
  }
}
