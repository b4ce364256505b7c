import { formatMismatches, takeContractMismatches } from './contract';

/**
 * Jest setupFilesAfterEnv of the "api" project: a test fails when a response it (or its beforeAll/beforeEach)
 * received did not conform to openapi.json (see test/support/contract.ts); answers received after the last test
 * (in an afterAll) fail the file.
 */
function failOnMismatches(): void {
  const mismatches = takeContractMismatches();
  if (mismatches.length > 0) {
    throw new Error(`${mismatches.length} response(s) did not match openapi.json:\n${formatMismatches(mismatches.slice(0, 10))}`);
  }
}

afterEach(failOnMismatches);
afterAll(failOnMismatches);
