// Names for the generated shapes of contracts/openapi.json (api.gen.ts); nothing is written
// here by hand, so the gateway's document stays the one description of the API.
import type { components, operationErrors } from './api.gen';

type Schemas = components['schemas'];

export type Plan = Schemas['Plan'];
export type Quota = Schemas['Quota'];
export type Subscription = Schemas['Subscription'];
export type Sale = Schemas['Sale'];
export type Me = Schemas['Me'];
export type AgeCheck = Schemas['AgeCheckView'];
export type AgeStatus = Schemas['AgeStatus'];
export type Standing = Schemas['Standing'];
export type SuspensionStanding = Schemas['SuspensionStanding'];
export type ProfileBody = Schemas['ProfileBody'];
export type DeleteAccountBody = Schemas['DeleteAccountBody'];
export type AccountDeleted = Schemas['AccountDeleted'];
export type Catalog = Schemas['CatalogView'];
export type CatalogLimits = Schemas['Limits'];
export type Style = Schemas['StyleView'];
export type Look = Schemas['LookView'];
export type Generation = Schemas['GenerationView'];
export type GenerationPage = Schemas['HistoryPage'];
export type GenerationRequest = Schemas['GenerationBody'];
export type SourceMode = Schemas['SourceMode'];
export type SourceModeView = Schemas['SourceModeView'];
export type Job = Schemas['JobView'];
export type JobStatus = Schemas['JobStatus'];
export type StreamEventName = Schemas['StreamEventName'];

/** The JSON each event of a job's stream carries as `data` (the `StreamEvent` schema says which). */
export interface StreamPayloads {
  readonly queued: Schemas['QueuedEvent'];
  readonly progress: Schemas['ProgressEvent'];
  readonly done: Schemas['Generations'];
  readonly error: Schemas['ErrorDetail'];
  readonly canceled: Record<string, never>;
  readonly idle: Record<string, never>;
}
export type PaymentOutcome = Schemas['PaymentOutcome'];
export type FoundUser = Schemas['FoundUser'];
export type FoundUsers = Schemas['FoundUsers'];
export type SupportUser = Schemas['SupportUser'];
export type SupportAgeCheck = Schemas['SupportAgeCheck'];
export type AdminOnly = Schemas['AdminOnly'];
export type AgeResetBody = Schemas['AgeResetBody'];
export type AuditEntry = Schemas['AuditView'];
export type ProviderView = Schemas['ProviderView'];
export type PlanBody = Schemas['PlanBody'];
export type CreditsBody = Schemas['CreditsBody'];
export type ReasonBody = Schemas['ReasonBody'];
export type RoleBody = Schemas['RoleBody'];
export type StaffAccount = Schemas['StaffAccount'];
export type GrantsToday = Schemas['GrantsToday'];
/** A page of the support console's review queue (the contract keeps its name, `ModerationQueue`). */
export type ReviewQueuePage = Schemas['ModerationQueue'];
export type RefusalView = Schemas['RefusalView'];
export type SuspensionView = Schemas['SuspensionView'];
export type SuspendedUser = Schemas['SuspendedUser'];
export type SuspensionBody = Schemas['SuspensionBody'];
export type Decision = Schemas['Decision'];
export type ErrorCode = Schemas['ErrorCode'];
export type ErrorDetail = Schemas['ErrorDetail'];
export type FieldError = Schemas['FieldError'];
export type ErrorBody = Schemas['ErrorBody'];
export type { operationErrors, paths } from './api.gen';

/** The error codes the document lists for one operation ("POST /api/v1/jobs") and status. */
export type ErrorCodeOf<
  Operation extends keyof operationErrors,
  Status extends keyof operationErrors[Operation],
> = operationErrors[Operation][Status];
