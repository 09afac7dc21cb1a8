import { invalidFields, type FieldProblem } from './gateway';

/**
 * What the checks of a generation's body (generation-body.ts) found: every field at fault, and
 * the first refusal of what valid fields ask.
 */
export class Findings {
  readonly problems: FieldProblem[] = [];
  private refusal: Response | null = null;

  /** Nothing, for the check to return: what it found is the answer's. */
  invalid(field: string, problem: string): null {
    this.problems.push([field, problem]);
    return null;
  }

  refuse(refusal: Response): null {
    this.refusal ??= refusal;
    return null;
  }

  /** The gateway's answer to what was found, or null when there is nothing to refuse. */
  answer(): Response | null {
    const [first, ...rest] = this.problems;
    return first ? invalidFields('POST /api/v1/jobs', [first, ...rest]) : this.refusal;
  }
}
