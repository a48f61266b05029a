#!/usr/bin/env python3
"""GPU Planner benchmark probe.

Copy this one file to a rented GPU machine and run it with the PyTorch there:

    python3 gpu_planner_probe.py -o probe.json             # full run (GPU 0)
    python3 gpu_planner_probe.py --quick -o probe.json     # seconds, small sizes
    python3 gpu_planner_probe.py --device cpu --quick -o - # CPU, JSON on stdout

It measures matmul TFLOP/s per precision, device memory and host-to-device
bandwidth, NCCL all-reduce over all local GPUs, transformer training steps
and (--resnet50) a ResNet-50 step, and writes one JSON document that GPU
Planner imports; resources/probe/README.md documents every field. Standard
library and torch (>= 1.13) only. Exit status: 0 ok, 2 usage, 3 environment
(no PyTorch, no GPU), 4 failed measurement (out of memory, time limit). The
file is written atomically at the end: on failure nothing is left behind.
"""

import argparse
import contextlib
import datetime
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

PROBE_VERSION = "1.0.0"
SCHEMA_VERSION = 1
FORMAT = "gpu-planner-probe"
EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_MEASUREMENT = 2, 3, 4

# Training shapes. gpt2-small is exactly GPT-2 124M (124,439,808 parameters
# with tied embeddings and learned positions); llama-1b is a Llama-1B-sized
# model built from the same GPT-style blocks (LayerNorm, GELU MLP).
PRESETS = {
    "tiny": dict(layers=2, hidden=128, heads=4, ffn_hidden=512, vocab=1024,
                 seq_len=128, micro_batch=4),
    "gpt2-small": dict(layers=12, hidden=768, heads=12, ffn_hidden=3072,
                       vocab=50257, seq_len=1024, micro_batch=8),
    "llama-1b": dict(layers=16, hidden=2048, heads=32, ffn_hidden=8192,
                     vocab=32000, seq_len=2048, micro_batch=2),
}
SHAPE_FIELDS = ("layers", "hidden", "heads", "ffn_hidden", "vocab", "seq_len",
                "micro_batch")
MATMUL_DTYPES = ("fp32", "tf32", "bf16", "fp16", "fp8")
MiB, GiB = 1 << 20, 1 << 30

# Sizes and repetition counts per (device, quick). "budget" caps the seconds
# one timed loop may take: after min_reps repetitions it stops early.
SIZES = {
    ("cuda", False): dict(matmul=8192, copy=1 * GiB, h2d=256 * MiB, allreduce=256 * MiB,
                          warmup=5, reps=20, min_reps=5, budget=15.0,
                          train_warmup=3, train_steps=10, resnet_batch=64),
    ("cuda", True): dict(matmul=2048, copy=256 * MiB, h2d=64 * MiB, allreduce=32 * MiB,
                         warmup=2, reps=10, min_reps=3, budget=2.0,
                         train_warmup=1, train_steps=3, resnet_batch=16),
    ("cpu", False): dict(matmul=2048, copy=256 * MiB, h2d=0, allreduce=0,
                         warmup=2, reps=10, min_reps=3, budget=10.0,
                         train_warmup=1, train_steps=5, resnet_batch=8),
    ("cpu", True): dict(matmul=512, copy=32 * MiB, h2d=0, allreduce=0,
                        warmup=1, reps=5, min_reps=3, budget=0.5,
                        train_warmup=1, train_steps=3, resnet_batch=2),
}


class ProbeError(Exception):
    """A failure reported on stderr with a specific exit status."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


class TimeLimitExceeded(BaseException):
    """Raised when --time-limit runs out (BaseException: never swallowed)."""


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def is_oom(exc):
    """True for CUDA/CPU out-of-memory errors on every supported torch."""
    if isinstance(exc, MemoryError):
        return True
    torch = sys.modules.get("torch")
    oom_type = getattr(getattr(torch, "cuda", None), "OutOfMemoryError", None)
    if oom_type is not None and isinstance(exc, oom_type):
        return True
    text = str(exc).lower()
    return isinstance(exc, RuntimeError) and (
        "out of memory" in text or "can't allocate memory" in text)


def sig(x, digits=5):
    """x rounded to `digits` significant digits (keeps tiny CPU figures)."""
    return float("%.*g" % (digits, x))


def first_line(exc):
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]


# ---- Command line ----

def positive(kind):
    """argparse type: a positive int or (finite) float."""
    def convert(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError("not %s: %r" % (
                "an integer" if kind is int else "a number", text))
        if not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError("must be a positive number: %r" % text)
        return value
    return convert


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="gpu_planner_probe.py",
        description="Benchmark this machine for GPU Planner: matmul TFLOP/s per "
                    "precision, memory and host-to-device bandwidth, NCCL "
                    "all-reduce, transformer (and optionally ResNet-50) "
                    "training steps. Writes one JSON document.",
        epilog="Presets: " + ", ".join(
            "%s (%d layers, hidden %d, seq %d, micro-batch %d)" % (
                name, p["layers"], p["hidden"], p["seq_len"], p["micro_batch"])
            for name, p in PRESETS.items())
        + ". Shape flags override the preset (then the preset is reported as "
          "\"custom\"); --hidden without --ffn-hidden sets ffn to 4*hidden. "
          "Exit status: 0 ok, 2 usage, 3 environment (no PyTorch/GPU), "
          "4 failed measurement (out of memory, time limit). No output file "
          "is written unless every measurement succeeds.")
    parser.add_argument("--version", action="version",
                        version="gpu_planner_probe " + PROBE_VERSION)
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the JSON here (required; '-' for stdout)")
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda",
                        help="measure GPU 0 (and all local GPUs for all-reduce) "
                             "or the CPU (default: cuda)")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes and few repetitions (seconds); "
                             "figures are indicative only")
    parser.add_argument("--time-limit", type=positive(float), default=600.0,
                        metavar="SECONDS",
                        help="fail (exit 4) when the whole probe takes longer "
                             "(default: 600)")
    parser.add_argument("--preset", choices=sorted(PRESETS),
                        help="training shape (default: tiny with --quick or "
                             "--device cpu, otherwise gpt2-small)")
    for field in SHAPE_FIELDS:
        parser.add_argument("--" + field.replace("_", "-"), type=positive(int),
                            metavar="N", help="override the preset's %s" % field)
    parser.add_argument("--dtype", choices=("auto", "bf16", "fp16", "fp32"),
                        default="auto",
                        help="training precision (autocast mixed precision); "
                             "auto: bf16 on GPUs that have it, else fp16; fp32 on cpu")
    parser.add_argument("--resnet50", action="store_true",
                        help="also time a ResNet-50 training step (224x224)")
    parser.add_argument("--resnet-batch", type=positive(int), metavar="N",
                        help="ResNet-50 batch size (default depends on device/quick)")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress lines on stderr")
    args = parser.parse_args(argv)

    if args.output is None:
        parser.error("-o/--output FILE is required (use -o - for stdout)")
    if args.output != "-":
        target = os.path.abspath(args.output)
        if os.path.isdir(target):
            parser.error("--output %s is a directory" % args.output)
        folder = os.path.dirname(target)
        if not os.path.isdir(folder):
            parser.error("--output: directory %s does not exist" % folder)
        if not os.access(folder, os.W_OK):
            parser.error("--output: directory %s is not writable" % folder)

    base = args.preset or ("tiny" if args.quick or args.device == "cpu" else "gpt2-small")
    shape = dict(PRESETS[base])
    overrides = {f: getattr(args, f) for f in SHAPE_FIELDS if getattr(args, f) is not None}
    if "hidden" in overrides and "ffn_hidden" not in overrides:
        overrides["ffn_hidden"] = 4 * overrides["hidden"]
    shape.update(overrides)
    if shape["hidden"] % shape["heads"]:
        parser.error("--hidden %d is not divisible by --heads %d"
                     % (shape["hidden"], shape["heads"]))
    if shape["vocab"] < 2:
        parser.error("--vocab must be at least 2")
    if args.device == "cpu" and args.dtype == "fp16":
        parser.error("--dtype fp16 is not supported on cpu (use fp32 or bf16)")
    args.base_preset = base
    args.preset_name = "custom" if overrides else base
    args.shape = shape
    return args


# ---- Probe context: device, timing, deadline, progress ----

class Probe:
    """Holds the device, the deadline, the warnings and the progress state."""

    def __init__(self, args, torch, total_steps):
        self.args, self.torch = args, torch
        self.cuda = args.device == "cuda"
        self.dev = torch.device("cuda:0" if self.cuda else "cpu")
        self.sizes = SIZES[(args.device, args.quick)]
        self.deadline = time.monotonic() + args.time_limit
        self.warnings = []
        self.index, self.total = 0, total_steps
        self.tty = sys.stderr.isatty()

    def warn(self, text):
        if text not in self.warnings:
            self.warnings.append(text)

    def check_deadline(self):
        if time.monotonic() > self.deadline:
            raise TimeLimitExceeded()

    def remaining(self):
        return max(0.0, self.deadline - time.monotonic())

    def sync(self):
        if self.cuda:
            self.torch.cuda.synchronize(self.dev)

    def time_once(self, fn):
        """Milliseconds of one call of fn, with CUDA events on the GPU."""
        if self.cuda:
            start = self.torch.cuda.Event(enable_timing=True)
            end = self.torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            return float(start.elapsed_time(end))
        t0 = time.perf_counter()
        fn()
        return (time.perf_counter() - t0) * 1e3

    def measure(self, fn, warmup=None, reps=None, budget=None):
        """Warm up, then time up to reps calls; return (median ms, reps run).

        Stops early once min_reps calls are done and `budget` seconds passed.
        """
        s = self.sizes
        warmup = s["warmup"] if warmup is None else warmup
        reps = s["reps"] if reps is None else reps
        budget = s["budget"] if budget is None else budget
        for _ in range(warmup):
            fn()
            self.check_deadline()
        self.sync()
        times, t0 = [], time.monotonic()
        while len(times) < reps:
            times.append(self.time_once(fn))
            self.check_deadline()
            if len(times) >= min(reps, s["min_reps"]) and time.monotonic() - t0 > budget:
                break
        return statistics.median(times), len(times)

    def _emit(self, text, end="\n"):
        if self.args.quiet:
            return
        try:
            sys.stderr.write(text + end)
        except UnicodeEncodeError:
            sys.stderr.write(text.replace("\u2026", "...").replace("\u00b3", "^3")
                             .encode("ascii", "replace").decode("ascii") + end)
        sys.stderr.flush()

    @contextlib.contextmanager
    def step(self, label):
        """One measurement: progress line, warnings capture, error mapping.

        The body sets status["result"] to the text shown after the label.
        """
        self.index += 1
        prefix = "[%d/%d] %s \u2026" % (self.index, self.total, label)
        if self.tty:
            self._emit(prefix, end="")
        status = {"result": "ok"}
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                yield status
            for w in caught[:5]:
                self.warn("%s: %s" % (label, str(w.message).splitlines()[0][:200]))
        except TimeLimitExceeded:
            self._finish(prefix, "time limit")
            raise ProbeError("time limit of %g s exceeded during '%s'; raise --time-limit%s"
                             % (self.args.time_limit, label,
                                "" if self.args.quick else " or use --quick"), EXIT_MEASUREMENT)
        except ProbeError:
            self._finish(prefix, "failed")
            raise
        except Exception as exc:  # every failure of a measurement ends here
            self._finish(prefix, "failed")
            if is_oom(exc):
                raise ProbeError("out of memory during '%s': %s. Try a smaller "
                                 "--micro-batch or --preset (or --resnet-batch), "
                                 "or --quick" % (label, first_line(exc)), EXIT_MEASUREMENT)
            raise ProbeError("measurement '%s' failed: %s: %s"
                             % (label, type(exc).__name__, first_line(exc)), EXIT_MEASUREMENT)
        self._finish(prefix, status["result"])

    def _finish(self, prefix, result):
        if self.tty:
            self._emit(" " + result)
        else:
            self._emit(prefix + " " + result)


# ---- Machine description ----

def run_nvidia_smi(args):
    """stdout of nvidia-smi ARGS, or None when it is absent or fails."""
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe] + args, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def host_memory_gib():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return round(int(line.split()[1]) * 1024 / GiB, 2)
    except (OSError, ValueError, IndexError):
        pass
    try:
        return round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / GiB, 2)
    except (ValueError, OSError, AttributeError):
        return 0.0


def collect_machine(probe):
    """The "machine" object: host, software versions and GPUs."""
    torch = probe.torch
    info = {
        "hostname": socket.gethostname(), "os": platform.platform(),
        "python": platform.python_version(), "torch": torch.__version__,
        "cuda": torch.version.cuda, "driver": None, "gpu_name": None,
        "gpu_count": 0, "gpu_memory_gib": None, "topology": None, "nvidia_smi": None,
        "cpu": cpu_model(), "cpu_count": os.cpu_count() or 1,
        "host_memory_gib": host_memory_gib(), "torch_threads": torch.get_num_threads(),
    }
    if getattr(torch.version, "hip", None):
        info["hip"] = torch.version.hip
    blas = re.search(r"BLAS_INFO=(\w+)", torch.__config__.show())
    info["torch_blas"] = blas.group(1) if blas else None
    if not probe.cuda and info["torch_blas"] == "generic":
        probe.warn("this torch uses the generic reference BLAS: CPU matmul and "
                   "training figures are far below what the CPU can do")
    if probe.cuda:
        props = torch.cuda.get_device_properties(0)
        info.update(gpu_name=torch.cuda.get_device_name(0),
                    gpu_count=torch.cuda.device_count(),
                    gpu_memory_gib=round(props.total_memory / GiB, 2),
                    compute_capability="%d.%d" % (props.major, props.minor))
    info["nvidia_smi"] = run_nvidia_smi(
        ["--query-gpu=name,memory.total,driver_version,pcie.link.gen.current,"
         "pcie.link.width.current", "--format=csv"])
    if info["nvidia_smi"] is not None:
        info["topology"] = run_nvidia_smi(["topo", "-m"])
        driver = run_nvidia_smi(["--query-gpu=driver_version", "--format=csv,noheader"])
        if driver and driver.strip():
            info["driver"] = driver.strip().splitlines()[0].strip()
    elif probe.cuda and not info.get("hip"):
        probe.warn("nvidia-smi not found: driver, topology and PCIe link unknown")
    return info


# ---- Measurements ----

def matmul_unsupported(probe, dtype):
    """The reason `dtype` cannot be measured here, or None."""
    torch = probe.torch
    if not probe.cuda:
        if dtype in ("tf32", "fp16", "fp8"):
            return "not on cpu"
        if dtype == "bf16":
            try:
                a = torch.ones(8, 8, dtype=torch.bfloat16)
                torch.mm(a, a)
            except Exception as exc:
                return "bf16 matmul fails on cpu: " + first_line(exc)
        return None
    props = torch.cuda.get_device_properties(0)
    cc = (props.major, props.minor)
    hip = getattr(torch.version, "hip", None)
    if dtype == "tf32" and (hip or cc < (8, 0)):
        return "tf32 needs an NVIDIA GPU of compute capability >= 8.0 (this is %d.%d)" % cc
    if dtype == "bf16" and not hip and (cc < (8, 0) or not torch.cuda.is_bf16_supported()):
        return "bf16 needs compute capability >= 8.0 (this is %d.%d)" % cc
    if dtype == "fp8":
        if hip:
            return "fp8 is not probed on ROCm"
        if not hasattr(torch, "float8_e4m3fn") or not hasattr(torch, "_scaled_mm"):
            return "torch %s has no torch.float8_e4m3fn/torch._scaled_mm (needs torch >= 2.1)" % torch.__version__
        if cc < (8, 9):
            return "fp8 needs compute capability >= 8.9 (this is %d.%d)" % cc
    return None


def set_matmul_tf32(torch, enabled):
    """Turn TF32 for fp32 matmuls on or off; returns a function that undoes it.

    torch >= 2.9 has matmul.fp32_precision ("tf32"/"ieee") and deprecates
    allow_tf32; older versions raise (AssertionError on 1.13) for the new name.
    """
    matmul = torch.backends.cuda.matmul
    try:
        name, old = "fp32_precision", matmul.fp32_precision
        new = "tf32" if enabled else "ieee"
    except Exception:
        name, old, new = "allow_tf32", matmul.allow_tf32, enabled
    setattr(matmul, name, new)
    return lambda: setattr(matmul, name, old)


def bench_matmul(probe, dtype, status):
    """Dense n x n x n matmul; TFLOP/s = 2*m*n*k / median time."""
    torch = probe.torch
    reason = matmul_unsupported(probe, dtype)
    if reason:
        status["result"] = "unsupported (%s)" % reason
        return {"dtype": dtype, "supported": False, "reason": reason}
    n = probe.sizes["matmul"]
    entry = {"dtype": dtype, "supported": True, "m": n, "n": n, "k": n}
    restore_tf32 = lambda: None  # noqa: E731
    try:
        if dtype == "fp8":
            a = torch.randn(n, n, device=probe.dev).to(torch.float8_e4m3fn)
            b = torch.randn(n, n, device=probe.dev).to(torch.float8_e4m3fn).t()
            one = torch.ones((), device=probe.dev)

            def fn():
                return torch._scaled_mm(a, b, scale_a=one, scale_b=one,
                                        out_dtype=torch.bfloat16)
            try:
                fn()
            except Exception as exc:
                if is_oom(exc):
                    raise
                reason = "torch._scaled_mm failed: " + first_line(exc)
                status["result"] = "unsupported (%s)" % reason
                return {"dtype": dtype, "supported": False, "reason": reason}
            entry["out_dtype"] = "bf16"
        else:
            torch_dtype = {"fp32": torch.float32, "tf32": torch.float32,
                           "bf16": torch.bfloat16, "fp16": torch.float16}[dtype]
            if probe.cuda:
                restore_tf32 = set_matmul_tf32(torch, dtype == "tf32")
            a = torch.randn(n, n, device=probe.dev, dtype=torch_dtype)
            b = torch.randn(n, n, device=probe.dev, dtype=torch_dtype)
            out = torch.empty(n, n, device=probe.dev, dtype=torch_dtype)

            def fn():
                return torch.mm(a, b, out=out)
        median_ms, reps = probe.measure(fn)
    finally:
        restore_tf32()
    tflops = 2.0 * n * n * n / (median_ms * 1e-3) / 1e12
    entry.update(repetitions=reps, median_ms=sig(median_ms), tflops=sig(tflops))
    status["result"] = "%.4g TFLOP/s" % tflops
    return entry


def bench_memory_bandwidth(probe, status):
    """Device-to-device copy of one large buffer; read + write bytes counted."""
    torch = probe.torch
    nbytes = probe.sizes["copy"]
    src = torch.ones(nbytes, dtype=torch.uint8, device=probe.dev)
    dst = torch.empty_like(src)
    median_ms, reps = probe.measure(lambda: dst.copy_(src))
    gbps = 2.0 * nbytes / (median_ms * 1e-3) / 1e9
    status["result"] = "%.4g GB/s" % gbps
    return {"gbps": sig(gbps), "bytes": nbytes, "bytes_counted": 2 * nbytes,
            "median_ms": sig(median_ms), "repetitions": reps}


def bench_host_to_device(probe, status):
    """Copy of a pinned host buffer to GPU 0."""
    torch = probe.torch
    if not probe.cuda:
        status["result"] = "skipped (cpu)"
        return {"skipped": "cpu"}
    nbytes = probe.sizes["h2d"]
    src = torch.ones(nbytes, dtype=torch.uint8)
    pinned = True
    try:
        src = src.pin_memory()
    except RuntimeError as exc:
        pinned = False
        probe.warn("host-to-device: pinned memory unavailable (%s); measured "
                   "pageable memory" % first_line(exc))
    dst = torch.empty(nbytes, dtype=torch.uint8, device=probe.dev)
    median_ms, reps = probe.measure(lambda: dst.copy_(src, non_blocking=pinned))
    gbps = nbytes / (median_ms * 1e-3) / 1e9
    status["result"] = "%.4g GB/s" % gbps
    return {"gbps": sig(gbps), "bytes": nbytes, "pinned": pinned,
            "median_ms": sig(median_ms), "repetitions": reps}


def _all_reduce_worker(rank, world, port, nbytes, warmup, reps, timeout_s, result_path):
    """One rank of the NCCL all-reduce (runs in a spawned process)."""
    import torch
    import torch.distributed as dist
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method="tcp://127.0.0.1:%d" % port,
                            rank=rank, world_size=world,
                            timeout=datetime.timedelta(seconds=timeout_s))
    try:
        data = torch.zeros(nbytes // 4, dtype=torch.float32, device="cuda:%d" % rank)
        flag = torch.zeros(1, device="cuda:%d" % rank)
        for _ in range(warmup):
            dist.all_reduce(data)
        torch.cuda.synchronize()
        times = []
        for _ in range(reps):
            dist.all_reduce(flag)  # line the ranks up
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            dist.all_reduce(data)
            torch.cuda.synchronize()
            times.append((time.perf_counter() - t0) * 1e3)
        slowest = torch.tensor(times, device="cuda:%d" % rank)
        dist.all_reduce(slowest, op=dist.ReduceOp.MAX)  # the slowest rank counts
        if rank == 0:
            with open(result_path, "w") as f:
                json.dump(slowest.cpu().tolist(), f)
    finally:
        dist.destroy_process_group()


def bench_all_reduce(probe, status):
    """NCCL all-reduce of one fp32 buffer over all local GPUs (nccl-tests busbw)."""
    torch = probe.torch
    if not probe.cuda:
        status["result"] = "skipped (cpu)"
        return {"skipped": "cpu"}
    world = torch.cuda.device_count()
    if world < 2:
        status["result"] = "skipped (single GPU)"
        return {"skipped": "single GPU"}
    import torch.distributed as dist
    if not dist.is_available() or not dist.is_nccl_available():
        status["result"] = "skipped (no NCCL)"
        return {"skipped": "torch.distributed with NCCL is not available in this torch build"}
    import torch.multiprocessing as mp
    nbytes = probe.sizes["allreduce"]
    torch.cuda.empty_cache()  # the earlier buffers' cached memory back to rank 0's GPU
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="gpu-planner-probe-") as tmp:
        result_path = os.path.join(tmp, "all_reduce.json")
        timeout_s = max(30, int(probe.remaining()))
        context = mp.spawn(_all_reduce_worker, nprocs=world, join=False,
                           args=(world, port, nbytes, probe.sizes["warmup"],
                                 probe.sizes["reps"], timeout_s, result_path))
        try:
            while not context.join(timeout=0.5):
                probe.check_deadline()
        except TimeLimitExceeded:
            raise
        except Exception as exc:
            lines = [l for l in str(exc).strip().splitlines() if l.strip()] or [repr(exc)]
            reason = "all-reduce failed: " + lines[-1].strip()[:300]  # the worker's error
            probe.warn(reason)
            status["result"] = "skipped (failed)"
            return {"skipped": reason}
        finally:
            for proc in context.processes:
                if proc.is_alive():
                    proc.terminate()
        with open(result_path) as f:
            times = json.load(f)
    median_ms = statistics.median(times)
    algbw = nbytes / (median_ms * 1e-3) / 1e9
    busbw = algbw * 2.0 * (world - 1) / world
    status["result"] = "%.4g GB/s bus bandwidth over %d GPUs" % (busbw, world)
    return {"gpus": world, "bytes": nbytes, "dtype": "fp32", "repetitions": len(times),
            "median_ms": sig(median_ms), "algorithm_gbps": sig(algbw),
            "bus_gbps": sig(busbw)}


def build_transformer(torch, shape, device):
    """Decoder-only transformer: token + learned position embedding, pre-LN
    blocks (causal self-attention, GELU MLP), final LayerNorm, tied LM head."""
    nn, F = torch.nn, torch.nn.functional
    sdpa = getattr(F, "scaled_dot_product_attention", None)
    hidden, heads = shape["hidden"], shape["heads"]

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(hidden, device=device)
            self.qkv = nn.Linear(hidden, 3 * hidden, device=device)
            self.proj = nn.Linear(hidden, hidden, device=device)
            self.ln2 = nn.LayerNorm(hidden, device=device)
            self.fc1 = nn.Linear(hidden, shape["ffn_hidden"], device=device)
            self.fc2 = nn.Linear(shape["ffn_hidden"], hidden, device=device)

        def forward(self, x):
            b, t, c = x.shape
            q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, heads, c // heads).permute(2, 0, 3, 1, 4)
            if sdpa is not None:
                y = sdpa(q, k, v, is_causal=True)
            else:  # torch < 2.0: explicit causal softmax attention
                att = (q @ k.transpose(-2, -1)) * (1.0 / (c // heads) ** 0.5)
                mask = torch.ones(t, t, dtype=torch.bool, device=x.device).triu(1)
                y = att.masked_fill(mask, float("-inf")).softmax(dim=-1) @ v
            x = x + self.proj(y.transpose(1, 2).reshape(b, t, c))
            return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))

    class DecoderLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok = nn.Embedding(shape["vocab"], hidden, device=device)
            self.pos = nn.Embedding(shape["seq_len"], hidden, device=device)
            self.blocks = nn.ModuleList([Block() for _ in range(shape["layers"])])
            self.ln_f = nn.LayerNorm(hidden, device=device)

        def forward(self, idx):
            x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
            for block in self.blocks:
                x = block(x)
            return F.linear(self.ln_f(x), self.tok.weight)  # tied LM head

    return DecoderLM(), sdpa is not None


def training_dtype(probe):
    """(name, torch dtype or None for fp32) of the training precision."""
    torch, choice = probe.torch, probe.args.dtype
    if choice == "auto":
        if not probe.cuda:
            choice = "fp32"
        else:
            choice = "fp16" if matmul_unsupported(probe, "bf16") else "bf16"
    return choice, {"fp32": None, "bf16": torch.bfloat16, "fp16": torch.float16}[choice]


def make_train_step(probe, model, loss_fn, optimizer, dtype):
    """One forward + backward + optimizer step under autocast (GradScaler for fp16)."""
    torch = probe.torch
    scaler = None
    if dtype is torch.float16:
        new_api = getattr(getattr(torch, "amp", None), "GradScaler", None)  # torch >= 2.3
        scaler = new_api("cuda") if new_api else torch.cuda.amp.GradScaler()

    def step():
        optimizer.zero_grad(set_to_none=True)
        autocast = (torch.autocast(device_type=probe.dev.type, dtype=dtype)
                    if dtype is not None else contextlib.nullcontext())
        with autocast:
            loss = loss_fn(model)
        if scaler is not None:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        else:
            loss.backward()
            optimizer.step()
    return step


def bench_training(probe, status):
    """Transformer training steps: tokens/s = micro_batch*seq_len / median step."""
    torch, shape = probe.torch, probe.args.shape
    F = torch.nn.functional
    name, dtype = training_dtype(probe)
    if probe.cuda:
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats(probe.dev)
    model, has_sdpa = build_transformer(torch, shape, probe.dev)
    if not has_sdpa:
        probe.warn("torch %s has no scaled_dot_product_attention: training used "
                   "explicit softmax attention (slower, more memory)" % torch.__version__)
    params = sum(p.numel() for p in model.parameters())
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    mb, seq, vocab = shape["micro_batch"], shape["seq_len"], shape["vocab"]
    tokens = torch.randint(0, vocab, (mb, seq + 1), device=probe.dev)
    inputs, targets = tokens[:, :-1], tokens[:, 1:].reshape(-1)

    def loss_fn(m):
        return F.cross_entropy(m(inputs).reshape(-1, vocab).float(), targets)

    step = make_train_step(probe, model, loss_fn, optimizer, dtype)
    s = probe.sizes
    median_ms, steps = probe.measure(step, warmup=s["train_warmup"],
                                     reps=s["train_steps"], budget=4 * s["budget"])
    tokens_per_s = mb * seq / (median_ms * 1e-3)
    flops_per_token = 6.0 * params + 12.0 * shape["layers"] * shape["hidden"] * seq
    peak = (round(torch.cuda.max_memory_allocated(probe.dev) / GiB, 3)
            if probe.cuda else None)
    achieved = tokens_per_s * flops_per_token / 1e12
    status["result"] = "%.4g tokens/s (%.3g TFLOP/s model)" % (tokens_per_s, achieved)
    result = {"preset": probe.args.preset_name}
    if probe.args.preset_name == "custom":
        result["base_preset"] = probe.args.base_preset
    result.update(shape)
    result.update(dtype=name, parameters=params, steps=steps,
                  warmup_steps=s["train_warmup"], optimizer="AdamW",
                  attention="sdpa" if has_sdpa else "manual",
                  median_step_ms=sig(median_ms),
                  tokens_per_second=sig(tokens_per_s), peak_memory_gib=peak,
                  model_flops_per_token=flops_per_token,
                  model_tflops=sig(achieved))
    return result


def build_resnet50(torch):
    """torchvision's ResNet-50 when importable, else the same network by hand."""
    try:
        import torchvision
        return torchvision.models.resnet50(), "torchvision " + torchvision.__version__
    except Exception:
        pass
    nn = torch.nn

    class Bottleneck(nn.Module):
        def __init__(self, inp, planes, stride):
            super().__init__()
            out = planes * 4
            self.body = nn.Sequential(
                nn.Conv2d(inp, planes, 1, bias=False), nn.BatchNorm2d(planes), nn.ReLU(inplace=True),
                nn.Conv2d(planes, planes, 3, stride, 1, bias=False), nn.BatchNorm2d(planes),
                nn.ReLU(inplace=True),
                nn.Conv2d(planes, out, 1, bias=False), nn.BatchNorm2d(out))
            self.down = None
            if stride != 1 or inp != out:
                self.down = nn.Sequential(nn.Conv2d(inp, out, 1, stride, bias=False),
                                          nn.BatchNorm2d(out))
            self.relu = nn.ReLU(inplace=True)

        def forward(self, x):
            identity = x if self.down is None else self.down(x)
            return self.relu(self.body(x) + identity)

    layers = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64),
              nn.ReLU(inplace=True), nn.MaxPool2d(3, 2, 1)]
    inp = 64
    for planes, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        for i in range(blocks):
            layers.append(Bottleneck(inp, planes, stride if i == 0 else 1))
            inp = planes * 4
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2048, 1000)]
    return nn.Sequential(*layers), "built-in"


def bench_resnet50(probe, status):
    """ResNet-50 training step (SGD with momentum) on random 224x224 images."""
    torch = probe.torch
    name, dtype = training_dtype(probe)
    batch = probe.args.resnet_batch or probe.sizes["resnet_batch"]
    model, implementation = build_resnet50(torch)
    fmt = torch.channels_last if probe.cuda else torch.contiguous_format
    model = model.to(probe.dev, memory_format=fmt)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    images = torch.randn(batch, 3, 224, 224, device=probe.dev).to(memory_format=fmt)
    labels = torch.randint(0, 1000, (batch,), device=probe.dev)

    def loss_fn(m):
        return torch.nn.functional.cross_entropy(m(images).float(), labels)

    step = make_train_step(probe, model, loss_fn, optimizer, dtype)
    s = probe.sizes
    median_ms, steps = probe.measure(step, warmup=s["train_warmup"],
                                     reps=s["train_steps"], budget=4 * s["budget"])
    ips = batch / (median_ms * 1e-3)
    status["result"] = "%.4g images/s" % ips
    return {"batch": batch, "image_size": 224, "dtype": name, "steps": steps,
            "warmup_steps": s["train_warmup"], "implementation": implementation,
            "parameters": sum(p.numel() for p in model.parameters()),
            "median_step_ms": sig(median_ms), "images_per_second": sig(ips)}


# ---- Driver ----

def import_torch():
    try:
        import torch
    except ImportError:
        raise ProbeError("PyTorch is not installed: pip install torch, or run on "
                         "an image with it", EXIT_ENVIRONMENT)
    except Exception as exc:
        raise ProbeError("PyTorch failed to import: %s: %s"
                         % (type(exc).__name__, first_line(exc)), EXIT_ENVIRONMENT)
    return torch


def run_probe(args, torch):
    """Every measurement in order; returns the JSON document."""
    if args.device == "cuda" and not torch.cuda.is_available():
        build = ("a CPU-only build" if not (torch.version.cuda or getattr(torch.version, "hip", None))
                 else "built for CUDA %s" % torch.version.cuda)
        raise ProbeError("--device cuda: PyTorch %s (%s) sees no GPU; check nvidia-smi "
                         "and the driver, or use --device cpu" % (torch.__version__, build),
                         EXIT_ENVIRONMENT)
    total = 1 + len(MATMUL_DTYPES) + 4 + (1 if args.resnet50 else 0)
    probe = Probe(args, torch, total)
    doc = {"format": FORMAT, "schema_version": SCHEMA_VERSION,
           "probe_version": PROBE_VERSION, "started_at": utc_now(), "finished_at": None,
           "options": {"device": args.device, "quick": args.quick,
                       "time_limit_s": (int(args.time_limit) if args.time_limit.is_integer()
                                        else args.time_limit), "preset": args.preset_name,
                       "resnet50": args.resnet50, "dtype": args.dtype}}
    torch.manual_seed(0)
    with probe.step("machine") as st:
        doc["machine"] = machine = collect_machine(probe)
        st["result"] = machine["gpu_name"] or machine["cpu"]
    n = probe.sizes["matmul"]
    doc["matmul"] = []
    for dtype in MATMUL_DTYPES:
        with probe.step("%s matmul %d\u00b3" % (dtype, n)) as st:
            doc["matmul"].append(bench_matmul(probe, dtype, st))
    with probe.step("memory bandwidth (%d MiB copy)" % (probe.sizes["copy"] // MiB)) as st:
        doc["memory_bandwidth"] = bench_memory_bandwidth(probe, st)
    with probe.step("host-to-device") as st:
        doc["host_to_device"] = bench_host_to_device(probe, st)
    with probe.step("all-reduce") as st:
        doc["all_reduce"] = bench_all_reduce(probe, st)
    shape = args.shape
    with probe.step("training %s (%d layers, hidden %d, seq %d, micro-batch %d)" % (
            args.preset_name, shape["layers"], shape["hidden"], shape["seq_len"],
            shape["micro_batch"])) as st:
        doc["training"] = bench_training(probe, st)
    if args.resnet50:
        with probe.step("resnet50") as st:
            doc["resnet50"] = bench_resnet50(probe, st)
    if args.quick:
        probe.warn("--quick: small sizes and few repetitions; figures are indicative only")
    if not probe.cuda:
        probe.warn("--device cpu: these are CPU figures, not GPU figures")
    doc["warnings"] = probe.warnings
    doc["finished_at"] = utc_now()
    return doc


def write_output(doc, path):
    """Serialise first, then write a temp file beside the target and rename it."""
    text = json.dumps(doc, indent=2, allow_nan=False) + "\n"
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = os.path.abspath(path)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".",
                               suffix=".tmp", dir=os.path.dirname(target))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _on_alarm(signum, frame):
    raise TimeLimitExceeded()


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    use_timer = hasattr(signal, "setitimer")
    try:
        torch = import_torch()
        if use_timer:  # hard stop even inside a long step; loops also check
            signal.signal(signal.SIGALRM, _on_alarm)
            signal.setitimer(signal.ITIMER_REAL, min(args.time_limit + 1.0, 1e8))
        try:
            doc = run_probe(args, torch)
        finally:
            if use_timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
        write_output(doc, args.output)
    except ProbeError as exc:
        sys.stderr.write("gpu_planner_probe: error: %s\n" % exc)
        return exc.code
    except TimeLimitExceeded:
        sys.stderr.write("gpu_planner_probe: error: time limit of %g s exceeded; raise "
                         "--time-limit or use --quick\n" % args.time_limit)
        return EXIT_MEASUREMENT
    except KeyboardInterrupt:
        sys.stderr.write("gpu_planner_probe: interrupted; no output written\n")
        return 130
    except OSError as exc:
        sys.stderr.write("gpu_planner_probe: error: cannot write %s: %s\n" % (args.output, exc))
        return EXIT_ENVIRONMENT
    return 0


if __name__ == "__main__":
    sys.exit(main())
