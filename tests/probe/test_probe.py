"""Tests of the benchmark probe resources/probe/gpu_planner_probe.py.

Standard library only. Run from the repository root:

    python3 -m unittest discover -s tests/probe -p test_probe.py -v
    (or: python3 -m unittest tests/probe/test_probe.py)

The probe runs in a subprocess. Usage errors and the "no PyTorch" path need no
torch. The measuring tests need a Python that can `import torch`: the first of
$GPU_PLANNER_PROBE_PYTHON, this interpreter, `python3` on PATH and
/usr/bin/python3 that can. Without one they are skipped, unless
GPU_PLANNER_PROBE_REQUIRE_TORCH=1, which makes them fail instead.
GPU_PLANNER_PROBE_TEST_RESNET=1 adds a --resnet50 run (slow on a CPU).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROBE = os.path.join(ROOT, "resources", "probe", "gpu_planner_probe.py")
TIMEOUT_S = 300
ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def _has_torch(python):
    try:
        return subprocess.run([python, "-c", "import torch"], capture_output=True,
                              timeout=120).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _find_torch_python():
    seen = []
    for candidate in (os.environ.get("GPU_PLANNER_PROBE_PYTHON"), sys.executable,
                      shutil.which("python3"), "/usr/bin/python3"):
        if candidate and candidate not in seen and os.path.exists(candidate):
            seen.append(candidate)
            if _has_torch(candidate):
                return candidate
    return None


TORCH_PYTHON = _find_torch_python()
REQUIRE_TORCH = os.environ.get("GPU_PLANNER_PROBE_REQUIRE_TORCH") == "1"


def needs_torch(test):
    """Skip (or, with GPU_PLANNER_PROBE_REQUIRE_TORCH=1, fail) without torch."""
    if TORCH_PYTHON or REQUIRE_TORCH:
        return test
    return unittest.skip("no Python with torch found (set GPU_PLANNER_PROBE_PYTHON)")(test)


def run_probe(args, python=None, env=None):
    """Run the probe; returns (returncode, stdout, stderr, seconds)."""
    python = python or TORCH_PYTHON
    if python is None:
        raise AssertionError("GPU_PLANNER_PROBE_REQUIRE_TORCH=1 but no Python with torch")
    start = time.monotonic()
    done = subprocess.run([python, PROBE] + list(args), capture_output=True, text=True,
                          timeout=TIMEOUT_S, env=env)
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def assert_number(case, value, positive=True):
    case.assertIsInstance(value, (int, float))
    case.assertNotIsInstance(value, bool)
    if positive:
        case.assertGreater(value, 0)


def assert_close(case, actual, expected, rel=2e-3):
    case.assertAlmostEqual(actual, expected, delta=abs(expected) * rel)


class CpuQuickRun(unittest.TestCase):
    """One `--device cpu --quick` run into a temp dir, checked field by field."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="probe-test-")
        cls.out = os.path.join(cls.dir, "probe.json")
        cls.doc = None
        if TORCH_PYTHON:
            cls.rc, _, cls.stderr, cls.seconds = run_probe(
                ["--device", "cpu", "--quick", "-o", cls.out])
            if cls.rc == 0:
                with open(cls.out, encoding="utf-8") as f:
                    cls.doc = json.load(f)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def setUp(self):
        if not TORCH_PYTHON:
            if REQUIRE_TORCH:
                self.fail("GPU_PLANNER_PROBE_REQUIRE_TORCH=1 but no Python with torch")
            self.skipTest("no Python with torch found (set GPU_PLANNER_PROBE_PYTHON)")
        self.assertEqual(self.rc, 0, self.stderr)
        self.doc = type(self).doc

    def test_only_the_output_file_is_left(self):
        self.assertEqual(os.listdir(self.dir), ["probe.json"])
        self.assertLess(self.seconds, TIMEOUT_S)

    def test_progress_lines_on_stderr(self):
        lines = [l for l in self.stderr.splitlines() if l.startswith("[")]
        self.assertEqual(len(lines), 10, self.stderr)
        self.assertRegex(lines[1], r"^\[2/10\] fp32 matmul 512\u00b3 \u2026 [0-9.e+-]+ TFLOP/s$")

    def test_header_and_options(self):
        d = self.doc
        self.assertEqual(d["format"], "gpu-planner-probe")
        self.assertEqual(d["schema_version"], 1)
        self.assertEqual(d["probe_version"], "1.0.0")
        self.assertRegex(d["started_at"], ISO_UTC)
        self.assertRegex(d["finished_at"], ISO_UTC)
        self.assertLessEqual(d["started_at"], d["finished_at"])
        o = d["options"]
        self.assertEqual((o["device"], o["quick"], o["preset"], o["resnet50"]),
                         ("cpu", True, "tiny", False))
        self.assertEqual(o["time_limit_s"], 600)
        self.assertNotIn("resnet50", d)
        self.assertIsInstance(d["warnings"], list)
        for w in d["warnings"]:
            self.assertIsInstance(w, str)

    def test_machine(self):
        m = self.doc["machine"]
        for key in ("hostname", "os", "python", "torch", "cpu"):
            self.assertIsInstance(m[key], str, key)
            self.assertTrue(m[key], key)
        for key in ("cuda", "driver", "topology", "nvidia_smi"):
            self.assertIn(key, m)
            self.assertIsInstance(m[key], (str, type(None)), key)
        self.assertIsNone(m["gpu_name"])
        self.assertIsNone(m["gpu_memory_gib"])
        self.assertEqual(m["gpu_count"], 0)
        self.assertIsInstance(m["cpu_count"], int)
        self.assertGreaterEqual(m["cpu_count"], 1)
        assert_number(self, m["host_memory_gib"])

    def test_matmul(self):
        entries = self.doc["matmul"]
        self.assertEqual([e["dtype"] for e in entries], ["fp32", "tf32", "bf16", "fp16", "fp8"])
        by = {e["dtype"]: e for e in entries}
        self.assertTrue(by["fp32"]["supported"])
        for dtype in ("tf32", "fp16", "fp8"):
            self.assertEqual(by[dtype], {"dtype": dtype, "supported": False, "reason": "not on cpu"})
        for e in entries:
            self.assertIsInstance(e["supported"], bool)
            if not e["supported"]:
                self.assertIsInstance(e["reason"], str)
                continue
            for key in ("m", "n", "k", "repetitions"):
                self.assertIsInstance(e[key], int, key)
                self.assertGreater(e[key], 0, key)
            assert_number(self, e["median_ms"])
            assert_number(self, e["tflops"])
            assert_close(self, e["tflops"],
                         2.0 * e["m"] * e["n"] * e["k"] / (e["median_ms"] * 1e-3) / 1e12)

    def test_memory_bandwidth(self):
        bw = self.doc["memory_bandwidth"]
        self.assertIsInstance(bw["bytes"], int)
        self.assertIsInstance(bw["repetitions"], int)
        assert_number(self, bw["median_ms"])
        assert_close(self, bw["gbps"], 2.0 * bw["bytes"] / (bw["median_ms"] * 1e-3) / 1e9)

    def test_cpu_skips(self):
        self.assertEqual(self.doc["host_to_device"], {"skipped": "cpu"})
        self.assertEqual(self.doc["all_reduce"], {"skipped": "cpu"})

    def test_training(self):
        t = self.doc["training"]
        shape = {"layers": 2, "hidden": 128, "heads": 4, "ffn_hidden": 512, "vocab": 1024,
                 "seq_len": 128, "micro_batch": 4}
        self.assertEqual(t["preset"], "tiny")
        self.assertEqual({k: t[k] for k in shape}, shape)
        self.assertEqual(t["dtype"], "fp32")
        L, H, F, V, S = 2, 128, 512, 1024, 128
        # tied embeddings + learned positions + blocks (2 LN, qkv, proj, fc1, fc2) + final LN
        expected = V * H + S * H + L * (4 * H * H + 2 * H * F + 9 * H + F) + 2 * H
        self.assertEqual(t["parameters"], expected)
        self.assertEqual(t["model_flops_per_token"], 6 * expected + 12 * L * H * S)
        self.assertIsInstance(t["steps"], int)
        self.assertIsInstance(t["warmup_steps"], int)
        self.assertGreaterEqual(t["steps"], 1)
        assert_number(self, t["median_step_ms"])
        assert_close(self, t["tokens_per_second"], 4 * 128 / (t["median_step_ms"] * 1e-3))
        self.assertIsNone(t["peak_memory_gib"])


class ProbeCommandLine(unittest.TestCase):
    """Error paths: exit status, message, and no file (partial or not) left."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="probe-test-")
        self.out = os.path.join(self.dir, "out.json")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def assertFails(self, args, code, message, python=sys.executable, env=None):
        rc, stdout, stderr, _ = run_probe(args + ["-o", self.out], python=python, env=env)
        self.assertEqual(rc, code, stderr)
        self.assertIn(message, stderr)
        self.assertEqual(stdout, "")
        self.assertEqual(os.listdir(self.dir), [], "a file was left behind")
        return stderr

    def test_version_and_help(self):
        rc, stdout, _, _ = run_probe(["--version"], python=sys.executable)
        self.assertEqual((rc, stdout.strip()), (0, "gpu_planner_probe 1.0.0"))
        rc, stdout, _, _ = run_probe(["--help"], python=sys.executable)
        self.assertEqual(rc, 0)
        for flag in ("--output", "--device", "--quick", "--time-limit", "--preset",
                     "--micro-batch", "--resnet50", "gpt2-small", "llama-1b"):
            self.assertIn(flag, stdout)

    def test_usage_errors_exit_2(self):
        cases = [(["--preset", "gpt5"], "invalid choice: 'gpt5'"),
                 (["--micro-batch", "0"], "--micro-batch: must be a positive"),
                 (["--layers", "-3"], "--layers: must be a positive"),
                 (["--seq-len", "1.5"], "--seq-len: not an integer"),
                 (["--time-limit", "0"], "--time-limit: must be a positive"),
                 (["--time-limit", "soon"], "--time-limit: not a number"),
                 (["--hidden", "130", "--heads", "4"], "not divisible by --heads"),
                 (["--device", "tpu"], "invalid choice: 'tpu'"),
                 (["--device", "cpu", "--dtype", "fp16"], "fp16 is not supported on cpu")]
        for args, message in cases:
            with self.subTest(args=args):
                self.assertFails(args, 2, message)

    def test_output_is_required(self):
        rc, _, stderr, _ = run_probe(["--device", "cpu"], python=sys.executable)
        self.assertEqual(rc, 2)
        self.assertIn("-o/--output FILE is required", stderr)

    def test_output_directory_must_exist(self):
        missing = os.path.join(self.dir, "no", "such", "dir", "x.json")
        rc, _, stderr, _ = run_probe(["--device", "cpu", "-o", missing], python=sys.executable)
        self.assertEqual(rc, 2)
        self.assertIn("does not exist", stderr)

    def test_no_pytorch_exit_3(self):
        fake = os.path.join(self.dir, "fake-site")
        os.mkdir(fake)
        with open(os.path.join(fake, "torch.py"), "w") as f:
            f.write("raise ImportError(\"No module named 'torch'\")\n")
        env = dict(os.environ, PYTHONPATH=fake)
        out = os.path.join(self.dir, "out.json")
        rc, _, stderr, _ = run_probe(["--device", "cpu", "--quick", "-o", out],
                                     python=sys.executable, env=env)
        self.assertEqual(rc, 3, stderr)
        self.assertIn("PyTorch is not installed: pip install torch, or run on an image with it",
                      stderr)
        self.assertEqual(sorted(os.listdir(self.dir)), ["fake-site"])

    @needs_torch
    def test_cuda_without_gpu_exit_3(self):
        probe = subprocess.run([TORCH_PYTHON, "-c", "import torch; print(torch.cuda.is_available())"],
                               capture_output=True, text=True, timeout=120)
        if probe.stdout.strip() != "False":
            self.skipTest("this machine has a GPU")
        self.assertFails(["--device", "cuda", "--quick"], 3, "sees no GPU", python=TORCH_PYTHON)

    @needs_torch
    def test_time_limit_exit_4_keeps_existing_file(self):
        with open(self.out, "w") as f:
            f.write("previous result\n")
        rc, _, stderr, _ = run_probe(["--device", "cpu", "--quick", "--time-limit", "0.2",
                                      "-o", self.out])
        self.assertEqual(rc, 4, stderr)
        self.assertIn("time limit of 0.2 s exceeded", stderr)
        self.assertEqual(os.listdir(self.dir), ["out.json"])
        with open(self.out) as f:
            self.assertEqual(f.read(), "previous result\n")

    @needs_torch
    def test_out_of_memory_exit_4(self):
        # A 10M x 65536 fp32 embedding is 2.6 TB: the allocation fails at once
        # under the kernel's default (heuristic) or strict overcommit policy.
        try:
            with open("/proc/sys/vm/overcommit_memory") as f:
                policy = f.read().strip()
        except OSError:
            policy = None
        if policy not in ("0", "2"):
            self.skipTest("needs Linux with overcommit_memory 0 or 2")
        stderr = self.assertFails(["--device", "cpu", "--quick", "--layers", "1", "--heads", "1",
                                   "--hidden", "65536", "--vocab", "10000000"], 4,
                                  "out of memory during 'training custom", python=TORCH_PYTHON)
        self.assertIn("--micro-batch", stderr)

    @needs_torch
    def test_stdout_output(self):
        rc, stdout, stderr, _ = run_probe(["--device", "cpu", "--quick", "--quiet", "-o", "-"])
        self.assertEqual(rc, 0, stderr)
        doc = json.loads(stdout)
        self.assertEqual(doc["format"], "gpu-planner-probe")
        self.assertNotIn("resnet50", doc)
        self.assertNotRegex(stderr, r"^\[\d+/\d+\]")

    @unittest.skipUnless(os.environ.get("GPU_PLANNER_PROBE_TEST_RESNET") == "1",
                         "set GPU_PLANNER_PROBE_TEST_RESNET=1 (slow on a CPU)")
    @needs_torch
    def test_resnet50(self):
        rc, _, stderr, _ = run_probe(["--device", "cpu", "--quick", "--resnet50",
                                      "--resnet-batch", "1", "-o", self.out])
        self.assertEqual(rc, 0, stderr)
        with open(self.out) as f:
            r = json.load(f)["resnet50"]
        self.assertEqual((r["batch"], r["image_size"], r["dtype"]), (1, 224, "fp32"))
        self.assertEqual(r["parameters"], 25557032)  # torchvision resnet50
        assert_number(self, r["median_step_ms"])
        assert_close(self, r["images_per_second"], 1 / (r["median_step_ms"] * 1e-3))


if __name__ == "__main__":
    unittest.main()
