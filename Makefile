# A thin façade over the npm scripts and tools/ — each target says what it runs.
.PHONY: install start test test-fast test-real fuzz e2e lint typecheck proto-check infra-up infra-down ci

install:            ## dependencies at the versions of package-lock.json
	npm ci

start:              ## the whole product on embedded adapters at http://127.0.0.1:8080
	npm start

test:               ## the README's test command: fast suite, the real-server suites, then schemathesis
	npm test
	bash tools/test/run-real-server-suites.sh
	bash tools/schemathesis/run.sh

fuzz:               ## only schemathesis against /bff/openapi.json of the embedded stack (SCHEMATHESIS_MAX_EXAMPLES)
	bash tools/schemathesis/run.sh

test-fast:          ## unit tests and contract suites on memory adapters (no infrastructure)
	npm test

test-real:          ## only the contract and integration suites, against real servers
	bash tools/test/run-real-server-suites.sh

e2e:                ## only the browser journeys (Chromium against the embedded stack; screenshots in e2e/artifacts)
	npx jest --selectProjects e2e

lint:
	npm run lint

typecheck:
	npm run typecheck

proto-check:        ## buf lint, buf breaking against main, generated code up to date
	npm run proto:lint
	npm run proto:breaking
	npm run proto:check

infra-up:           ## native Kafka, a MongoDB-compatible server, Redis and MinIO on 127.0.0.1 (see tools/infra/README.md)
	bash tools/infra/up.sh

infra-down:
	bash tools/infra/down.sh

ci:                 ## what CI runs
	bash .ci/run
