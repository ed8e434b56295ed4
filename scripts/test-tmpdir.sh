# Sourced by the test scripts (test-all.sh, test-on-node-lines.sh): the suites' throwaway folders
# (embedded databases copied from the build's template, the private Postfix, Dovecot and
# SpamAssassin, browser profiles) go under one new folder in TEST_TMPDIR, removed when the script
# ends. TEST_TMPDIR defaults to /dev/shm where it is a writable memory-backed folder: a new
# embedded database is about 1,300 files, and on an ext4 disk making and removing one cost about
# 0.5 s of CPU (on tmpfs 0.08 s), hundreds of times a run. Anything else: the system's temporary
# folder. Set TEST_TMPDIR to a disk folder to test on one.
test_tmp_parent="${TEST_TMPDIR:-}"
if [ -z "$test_tmp_parent" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
    test_tmp_parent=/dev/shm
  else
    test_tmp_parent="${TMPDIR:-/tmp}"
  fi
fi
test_tmp="$(mktemp -d "$test_tmp_parent/tailor-test.XXXXXX")"
# As /tmp: the private mail servers' own users must reach their folders inside.
chmod 1777 "$test_tmp"
export TMPDIR="$test_tmp"
