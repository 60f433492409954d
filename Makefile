# A thin façade over the npm scripts and tools/ — each target says what it runs.
.PHONY: install start build test test-fast test-real fuzz e2e lint typecheck proto-check infra-up infra-down images images-check ci

install:            ## dependencies at the versions of package-lock.json
	npm ci

start:              ## the whole product on embedded adapters at http://127.0.0.1:8080
	npm start

build:              ## every package and service into dist/ (tsc -b), the web app into web/dist (vite)
	npm run build

# Each stage appends its counts to TEST_SUMMARY; the last lines are every stage's counts and the total.
TEST_SUMMARY := $(CURDIR)/.cache/test-summary.jsonl
test:               ## the README's test command: fast suite, the real-server suites, then schemathesis
	@mkdir -p .cache && rm -f $(TEST_SUMMARY)
	KADR_TEST_SUMMARY_FILE=$(TEST_SUMMARY) KADR_TEST_STAGE="npm test" npm test
	KADR_TEST_SUMMARY_FILE=$(TEST_SUMMARY) KADR_TEST_STAGE="real-server suites" bash tools/test/run-real-server-suites.sh
	KADR_TEST_SUMMARY_FILE=$(TEST_SUMMARY) bash tools/schemathesis/run.sh
	@KADR_TEST_SUMMARY_FILE=$(TEST_SUMMARY) node tools/test/print-test-summary.mjs

images:             ## the seven images on the Docker engine of DOCKER_HOST, with their sizes (tools/containers)
	bash tools/containers/images.sh

images-check:       ## CI's container stage: private engine, local bases, hadolint, build, run each image hardened
	bash tools/containers/ci.sh

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
