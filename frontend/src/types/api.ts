// Shapes of the gateway's JSON (ARCHITECTURE.md section 4), shared by every feature.

export type Plan = 'free' | 'pro';

export interface Subscription {
  readonly planType?: string | null;
  readonly status?: string | null;
  readonly sessionId?: string | null;
  readonly customerId?: string | null;
  readonly subscriptionId?: string | null;
  /** Milliseconds since the epoch. */
  readonly currentPeriodEnd?: number | null;
  readonly updatedAt?: number | null;
}

export interface Quota {
  readonly used: number;
  readonly limit: number;
  /** RFC 3339 time at which `used` goes back to 0. */
  readonly resetsAt: string;
}

/** `GET /api/v1/me`: the caller's profile, plan and credits. */
export interface Me {
  readonly uid: string;
  readonly email: string;
  readonly username: string;
  readonly ageConfirmed: boolean;
  readonly createdAt: number;
  readonly plan: Plan;
  readonly subscription: Subscription | null;
  readonly quota: Quota;
}

export interface Style {
  readonly id: string;
  readonly label: string;
  readonly checkpoint?: string;
  readonly hash?: string;
  readonly pro: boolean;
  readonly nsfw: boolean;
  readonly default?: boolean;
}

export interface Look {
  readonly id: string;
  readonly label: string;
  readonly pro: boolean;
}

export interface CatalogLimits {
  readonly promptMax: number;
  readonly negativePromptMax: number;
  readonly stepsDefault: number;
  readonly stepsMaxFree: number;
  readonly stepsMaxPro: number;
  readonly countMaxFree: number;
  readonly countMaxPro: number;
}

export interface Renderer {
  readonly kind: string;
  readonly label: string;
}

/** `GET /api/v1/catalog`: what can be asked for. */
export interface Catalog {
  readonly styles: readonly Style[];
  readonly looks: readonly Look[];
  readonly limits: CatalogLimits;
  readonly renderer?: Renderer | null;
}

/** One stored image and the parameters that made it. */
export interface Generation {
  readonly id: string;
  readonly createdAt: number;
  readonly prompt: string;
  readonly negativePrompt: string;
  readonly style: string;
  readonly look: string | null;
  readonly seed: number;
  readonly steps: number;
  readonly enhance: boolean;
  readonly width: number;
  readonly height: number;
  /** True when the gateway blurred the pixels (the caller is not pro). */
  readonly blurred: boolean;
  /** Same-origin path of the PNG; needs the bearer token. */
  readonly imageUrl: string;
  readonly renderer?: Renderer | null;
}

export interface GenerationPage {
  readonly items: readonly Generation[];
  readonly nextCursor: string | null;
}

/** What the Generate form sends (`POST /api/v1/generations`). */
export interface GenerationRequest {
  readonly prompt: string;
  readonly negativePrompt: string;
  readonly style: string;
  readonly look: string | null;
  /** The text typed; "" means "let the gateway choose". */
  readonly seed: string;
  /** The text typed; "" means the default. */
  readonly steps: string;
  readonly enhance: boolean;
  readonly count: number;
}
