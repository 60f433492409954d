/**
 * A rule of a service's domain refused a request. `reason` is a code of the product's error
 * catalogue (spec §8; each service narrows it to the codes it refuses with) and the message says
 * why in the user's words. Domain code throws these, never an HTTP problem: the service's HTTP
 * edge maps them (`entry-points/http/domain-problems.ts`), its subclasses carrying what the
 * problem needs (field errors, limits).
 */
export class DomainError<Reason extends string = string> extends Error {
  constructor(
    readonly reason: Reason,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
