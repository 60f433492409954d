import { MemoryAdmissionLockRepository } from '../../data-access/admissions/memory-admission-lock.repository';
import { JobsDomainError } from '../errors';
import { ADMISSION_LEASE_MS, ADMISSION_WAIT_MS, underAdmissionLease } from './admission-lease';

describe('admission lease', () => {
  let leases: MemoryAdmissionLockRepository;
  beforeEach(async () => {
    leases = await MemoryAdmissionLockRepository.create();
  });
  afterEach(() => leases.close());

  it("one user's admissions run one at a time, and each gives the lease back", async () => {
    let inside = 0;
    let most = 0;
    const admit = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inside -= 1;
      return true;
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => underAdmissionLease(leases, 'alice', admit)));
    expect(results).toEqual(Array(8).fill(true));
    expect(most).toBe(1);
    // Released after each: the next admission takes it at once.
    expect(await leases.tryAcquire('alice', 'probe', new Date(), new Date(Date.now() + 1000))).toBe(true);
  });

  it('a retry whose job was admitted meanwhile answers it without waiting for the lease', async () => {
    const now = Date.now();
    await leases.tryAcquire('erin', 'busy', new Date(now), new Date(now + 60_000));
    let looks = 0;
    const admittedMeanwhile = () => Promise.resolve((looks += 1) >= 3 ? 'the job' : null);
    const answer = await underAdmissionLease(
      leases,
      'erin',
      () => Promise.resolve('admitted again'),
      admittedMeanwhile,
    );
    expect(answer).toBe('the job');
    expect(looks).toBe(3);
  });

  it('the lease is given back when the admission throws', async () => {
    await expect(underAdmissionLease(leases, 'bob', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await underAdmissionLease(leases, 'bob', () => Promise.resolve('next'))).toBe('next');
  });

  it('a lease left by a crashed process runs out before the wait does; one held for ever answers 409 conflict', async () => {
    expect(ADMISSION_WAIT_MS).toBeGreaterThan(ADMISSION_LEASE_MS);
    const now = Date.now();
    await leases.tryAcquire('carol', 'crashed', new Date(now), new Date(now + 300));
    expect(await underAdmissionLease(leases, 'carol', () => Promise.resolve('admitted'))).toBe('admitted');

    await leases.tryAcquire('dave', 'stuck', new Date(now), new Date(now + 60_000));
    const refusal = underAdmissionLease(leases, 'dave', () => Promise.resolve('never'));
    await expect(refusal).rejects.toBeInstanceOf(JobsDomainError);
    await expect(refusal).rejects.toMatchObject({ reason: 'conflict' });
  });
});
