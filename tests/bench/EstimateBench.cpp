// Estimator speed: the planner estimates every (workload, GPU configuration) pair on each
// keystroke, so one core must do at least a million estimates per second.

#include "core/estimate/Estimator.h"

#include <benchmark/benchmark.h>

#include <vector>

using namespace gpuplanner::core;

namespace {

GpuSpec spec(double memGib, double bwGbs, double bf16, double fp8, double nvlink, GpuGeneration gen, double mamf)
{
    GpuSpec s;
    s.memoryGib = memGib;
    s.memoryBandwidthGbs = bwGbs;
    s.fp32Tflops = bf16 / 16.0;
    s.tf32Tflops = bf16 / 2.0;
    s.bf16Tflops = bf16;
    s.fp8Tflops = fp8;
    s.nvlinkGbs = nvlink;
    s.generation = gen;
    s.mamfEfficiency = mamf;
    return s;
}

// A catalog-like spread: GPU kinds x instance shapes x instance counts.
std::vector<ClusterConfig> configurations()
{
    const GpuSpec gpus[] = {
        spec(80, 2039, 312, 0, 600, GpuGeneration::Ampere, 0.869),
        spec(40, 1555, 312, 0, 600, GpuGeneration::Ampere, 0.869),
        spec(80, 3350, 989.5, 1979, 900, GpuGeneration::Hopper, 0.803),
        spec(141, 4800, 989.5, 1979, 900, GpuGeneration::Hopper, 0.803),
        spec(24, 300, 121, 242.5, 0, GpuGeneration::Ada, 0.8),
        spec(48, 864, 362, 733, 0, GpuGeneration::Ada, 0.8),
        spec(192, 5300, 1307.4, 2614.9, 896, GpuGeneration::AmdCdna3, 0.514),
        spec(16, 900, 125, 0, 300, GpuGeneration::Volta, 0.65),
    };
    std::vector<ClusterConfig> out;
    for (const GpuSpec &g : gpus) {
        for (int perInstance : {1, 8}) {
            for (int instances : {1, 4, 32}) {
                ClusterConfig c;
                c.gpu = g;
                c.gpusPerInstance = perInstance;
                c.instances = instances;
                c.intraLink = g.nvlinkGbs > 0 && perInstance > 1 ? IntraLink::NvSwitch : IntraLink::Pcie;
                c.network = perInstance > 1 ? NetworkKind::InfiniBand : NetworkKind::Tcp;
                c.networkGbps = perInstance > 1 ? 3200 : 100;
                out.push_back(c);
            }
        }
    }
    return out;
}

TransformerArch llama(double params, int layers, int hidden, int heads, int kvHeads, int ffn)
{
    TransformerArch m;
    m.params = params;
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kvHeads = kvHeads;
    m.ffn = ffn;
    m.vocab = 128256;
    m.seqLen = 8192;
    m.gatedMlp = true;
    return m;
}

std::vector<Workload> workloads()
{
    std::vector<Workload> out;
    Workload pre;
    pre.model = llama(8.03e9, 32, 4096, 32, 8, 14336);
    pre.training.tokens = 1e12;
    out.push_back(pre);
    pre.model = llama(70.6e9, 80, 8192, 64, 8, 28672);
    out.push_back(pre);
    Workload lora = out.front();
    lora.kind = WorkloadKind::FineTune;
    lora.training.method = FineTuneMethod::Qlora;
    out.push_back(lora);
    Workload inf;
    inf.kind = WorkloadKind::Inference;
    inf.model = llama(70.6e9, 80, 8192, 64, 8, 28672);
    inf.inference.requestsPerSecond = 10;
    inf.inference.tpotTargetS = 0.05;
    out.push_back(inf);
    Workload vision;
    vision.kind = WorkloadKind::Vision;
    vision.vision.params = 25.6e6;
    vision.vision.forwardFlopsPerSample = 8.2e9;
    vision.vision.samples = 1.28e6;
    vision.vision.epochs = 90;
    out.push_back(vision);
    return out;
}

void BM_EstimateCatalog(benchmark::State &state)
{
    const std::vector<ClusterConfig> configs = configurations();
    const std::vector<Workload> jobs = workloads();
    std::size_t n = 0;
    for (auto _ : state) {
        const Workload &w = jobs[n % jobs.size()];
        const ClusterConfig &c = configs[(n / jobs.size()) % configs.size()];
        Estimate e = estimate(w, c);
        benchmark::DoNotOptimize(e);
        ++n;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateCatalog);

// One instance (1 or 8 GPUs), every kind of work: the case re-planned on every keystroke.
void BM_EstimateSingleNode(benchmark::State &state)
{
    std::vector<ClusterConfig> configs;
    for (const ClusterConfig &c : configurations()) {
        if (c.instances == 1)
            configs.push_back(c);
    }
    const std::vector<Workload> jobs = workloads();
    std::size_t n = 0;
    for (auto _ : state) {
        Estimate e = estimate(jobs[n % jobs.size()], configs[(n / jobs.size()) % configs.size()]);
        benchmark::DoNotOptimize(e);
        ++n;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateSingleNode);

// The same, one kind of work at a time: 0 pre-train 8B, 1 pre-train 70B, 2 QLoRA 8B, 3 serving 70B, 4 ResNet-50.
void BM_EstimateSingleNodeByKind(benchmark::State &state)
{
    std::vector<ClusterConfig> configs;
    for (const ClusterConfig &c : configurations()) {
        if (c.instances == 1)
            configs.push_back(c);
    }
    const Workload w = workloads()[std::size_t(state.range(0))];
    std::size_t n = 0;
    for (auto _ : state) {
        Estimate e = estimate(w, configs[n++ % configs.size()]);
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateSingleNodeByKind)->DenseRange(0, 4);

// The pre-training search alone (layout x ZeRO x recomputation), the most expensive kind.
void BM_EstimatePretrain70B(benchmark::State &state)
{
    const std::vector<ClusterConfig> configs = configurations();
    const Workload w = workloads()[1];
    std::size_t n = 0;
    for (auto _ : state) {
        Estimate e = estimate(w, configs[n++ % configs.size()]);
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimatePretrain70B);

} // namespace

BENCHMARK_MAIN();

// The layout search at campaign scale: a 405B model on 16,384 H100s (2,048 HGX nodes at
// 3,200 Gb/s), where tensor, pipeline with interleaving, data parallelism, micro-batch,
// ZeRO and block recomputation are all searched.
void BM_LayoutSearch405BOn16K(benchmark::State &state)
{
    Workload w;
    w.model = llama(405.9e9, 126, 16384, 128, 8, 53248);
    w.training.tokens = 15.6e12;
    ClusterConfig c = configurations()[12]; // H100 SXM 80 GB
    c.gpusPerInstance = 8;
    c.instances = 2048;
    c.intraLink = IntraLink::NvSwitch;
    c.network = NetworkKind::InfiniBand;
    c.networkGbps = 3200;
    for (auto _ : state) {
        Estimate e = estimate(w, c);
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LayoutSearch405BOn16K)->Unit(benchmark::kMillisecond);
