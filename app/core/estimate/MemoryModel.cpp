#include "core/estimate/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

namespace {

struct ParamBytes
{
    double weights;
    double gradients;
    double optimizer;
};

// Bytes per trained parameter. Mixed precision keeps bf16 weights and gradients plus an
// fp32 master copy in the optimizer: 2 + 2 + 12 = 16 for AdamW (ZeRO paper, Rajbhandari
// et al. 2020, section 3.1). 8-bit Adam stores its two moments in one byte each
// (Dettmers et al. 2022); SGD keeps one momentum buffer.
ParamBytes trainedParamBytes(TrainPrecision precision, Optimizer optimizer)
{
    const bool mixed = precision == TrainPrecision::Mixed || precision == TrainPrecision::Fp16Mixed
        || precision == TrainPrecision::Fp8;
    const double master = mixed ? 4.0 : 0.0;
    const double w = mixed ? 2.0 : 4.0;
    switch (optimizer) {
    case Optimizer::AdamW:
        return {w, w, master + 8.0};
    case Optimizer::Adam8bit:
        return {w, w, master + 2.0};
    case Optimizer::SgdMomentum:
        return {w, w, master + 4.0};
    }
    return {w, w, master + 8.0};
}

double activationBytesPerElement(TrainPrecision precision)
{
    return precision == TrainPrecision::Fp32 || precision == TrainPrecision::Tf32 ? 4.0 : 2.0;
}

// Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer
// Models"), section 4: per layer s*b*h*(34 + 5*a*s/h) bytes in 16-bit, of which 11 are the
// attention block, 19 the 4h GELU MLP and 4 the layer norms. The MLP share is generalised
// to any inner size f: 3 + 4f/h (GELU) or 3 + 8f/h (gated, SwiGLU), which is 19 at f = 4h.
// Returns bytes per token per layer for 16-bit activations.
double activationBytesPerToken16(const TransformerArch &m, Recompute recompute, bool flash, int tp)
{
    const double h = m.hidden;
    const double f = m.ffnOrDefault();
    // Sequence parallelism (on whenever tp > 1) splits every term over the tensor group.
    const double t = std::max(1, tp);
    if (recompute == Recompute::Full)
        return 2.0 * h / t; // only each layer's input is kept
    const double mlp = 3.0 + (m.gatedMlp ? 8.0 : 4.0) * f / h;
    double bytes = (11.0 + mlp + 4.0) * h;
    // The a*s^2 attention scores exist only without FlashAttention and without selective recomputation.
    if (recompute == Recompute::None && !flash)
        bytes += 5.0 * m.heads * double(std::max(1, m.seqLen));
    return bytes / t;
}

} // namespace

double bytesPerGib()
{
    return 1024.0 * 1024.0 * 1024.0;
}

MemoryTerm MemoryBreakdown::dominant() const
{
    MemoryTerm term = MemoryTerm::Weights;
    double best = weights;
    auto consider = [&](double v, MemoryTerm t) {
        if (v > best) {
            best = v;
            term = t;
        }
    };
    consider(gradients, MemoryTerm::Gradients);
    consider(optimizer, MemoryTerm::OptimizerStates);
    consider(activations, MemoryTerm::Activations);
    consider(kvCache, MemoryTerm::KvCache);
    consider(overhead, MemoryTerm::Overhead);
    return term;
}

double trainableParams(const Workload &w)
{
    const TransformerArch &m = w.model;
    if (w.kind != WorkloadKind::FineTune || w.training.method == FineTuneMethod::Full)
        return m.params;
    // LoRA adds A (d_in x r) and B (r x d_out) per adapted matrix; attention matrices are h x h.
    return double(w.training.loraRank) * m.layers * w.training.loraTargetsPerLayer * 2.0 * m.hidden;
}

double trainableParamsPerExpertRank(const Workload &w, int expertParallel)
{
    const double all = trainableParams(w);
    const TransformerArch &m = w.model;
    if (!m.moe() || expertParallel <= 1 || all < m.params)
        return all; // dense, or adapters only
    const double experts = m.expertParams();
    return all - experts + experts / expertParallel;
}

MemoryBreakdown trainingMemory(const Workload &w, const Layout &layout)
{
    const TransformerArch &m = w.model;
    const TrainingSetup &t = w.training;
    const double modelShards = double(layout.tensorParallel) * layout.pipelineParallel;
    // Context-parallel ranks hold the same weights and shard optimizer state with the data-parallel ones.
    const double dp = double(std::max(1, layout.dataParallel)) * std::max(1, layout.contextParallel);
    const ParamBytes pb = trainedParamBytes(t.precision, t.optimizer);

    MemoryBreakdown mem;
    // Routed experts are partitioned over the expert-parallel ranks; ZeRO then shards each expert
    // over its remaining replicas, so a sharded term divides everything by the whole data-parallel
    // group either way, and an unsharded one holds the rank's own share of the experts.
    const double all = trainableParams(w);
    const double perExpertRank = trainableParamsPerExpertRank(w, layout.expertParallel);
    auto split = [&](double bytesPerParam, bool sharded) {
        return (sharded ? all : perExpertRank) * bytesPerParam / modelShards / (sharded ? dp : 1.0);
    };
    double frozenWeights = 0;
    if (w.kind == WorkloadKind::FineTune && t.method != FineTuneMethod::Full) {
        // QLoRA's NF4 with double quantisation stores ~4.127 bits per weight (Dettmers et al. 2023).
        const double bytes = t.method == FineTuneMethod::Qlora ? 4.127 / 8.0 : 2.0;
        frozenWeights = m.params * bytes;
    }
    const bool shardOpt = layout.sharding >= Sharding::Zero1;
    const bool shardGrad = layout.sharding >= Sharding::Zero2;
    const bool shardWeights = layout.sharding == Sharding::Zero3;
    mem.weights = frozenWeights / modelShards / (shardWeights ? dp : 1.0) + split(pb.weights, shardWeights);
    mem.gradients = split(pb.gradients, shardGrad);
    mem.optimizer = split(pb.optimizer, shardOpt);

    const double seq = std::max(1, m.seqLen);
    const double tokensPerMicro = seq / std::max(1, layout.contextParallel) * std::max(1, layout.microBatch);
    const double layersPerStage = std::ceil(double(m.layers) / layout.pipelineParallel);
    const int microBatches = std::max(1, layout.globalBatch / std::max(1, layout.dataParallel * layout.microBatch));
    const int pp = layout.pipelineParallel;
    const int v = std::max(1, layout.virtualStages);
    // 1F1B keeps up to p micro-batches in flight on the first stage; the interleaved schedule
    // warms up with 2(p - 1) + (v - 1)p + 1 chunks of 1/v of the stage (Megatron-LM's schedule).
    double inFlight = std::min(pp, microBatches);
    if (v > 1)
        inFlight = std::min(double(microBatches), (2.0 * (pp - 1) + (v - 1.0) * pp + 1.0) / v);
    const double widthScale = activationBytesPerElement(t.precision) / 2.0;
    const bool partial = layout.recompute == Recompute::Full && layout.recomputeLayers > 0
        && layout.recomputeLayers < layersPerStage;
    double perLayerToken = activationBytesPerToken16(m, layout.recompute, t.flashAttention, layout.tensorParallel);
    if (partial) {
        const double k = layout.recomputeLayers;
        perLayerToken = (k * perLayerToken
                         + (layersPerStage - k)
                             * activationBytesPerToken16(m, Recompute::Selective, t.flashAttention, layout.tensorParallel))
            / layersPerStage;
    }
    double act = perLayerToken * widthScale * tokensPerMicro * layersPerStage * inFlight;
    if (layout.recompute == Recompute::Full) {
        // Recomputing a layer rebuilds its full activations for one micro-batch at a time.
        act += activationBytesPerToken16(m, Recompute::Selective, t.flashAttention, layout.tensorParallel) * widthScale
            * tokensPerMicro;
    }
    // Output logits in fp32 for the loss, split over the tensor group (vocabulary parallel).
    act += tokensPerMicro * std::max(0, m.vocab) * 4.0 / layout.tensorParallel;
    mem.activations = act;
    mem.overhead = kFrameworkOverheadBytes + kFragmentationShare * (mem.weights + mem.gradients + mem.optimizer + act);
    return mem;
}

double weightBytes(const TransformerArch &model, StoragePrecision precision)
{
    switch (precision) {
    case StoragePrecision::Bf16:
        return model.params * 2.0;
    case StoragePrecision::Fp8:
    case StoragePrecision::Int8:
        return model.params * 1.0;
    case StoragePrecision::Int4:
        // Group-wise int4 (AWQ/GPTQ, group 128) adds a 16-bit scale per 128 weights.
        return model.params * (0.5 + 2.0 / 128.0);
    }
    return model.params * 2.0;
}

double kvCacheBytesPerToken(const TransformerArch &m, StoragePrecision precision)
{
    const double bytes = precision == StoragePrecision::Bf16 ? 2.0 : (precision == StoragePrecision::Int4 ? 0.5 : 1.0);
    double width = m.kvCacheWidthPerLayer;
    if (width <= 0 && m.heads > 0)
        width = 2.0 * m.kvHeadsOrHeads() * (double(m.hidden) / m.heads);
    return m.layers * width * bytes;
}

MemoryBreakdown inferenceMemory(const Workload &w, int tensorParallel, double batch)
{
    const InferenceSetup &inf = w.inference;
    const double tp = std::max(1, tensorParallel);
    MemoryBreakdown mem;
    mem.weights = weightBytes(w.model, inf.weights) / tp;
    mem.kvCache = batch * (inf.promptTokens + inf.outputTokens) * kvCacheBytesPerToken(w.model, inf.kvCache) / tp;
    // Activations of one forward pass are small next to weights and cache; the engine's
    // CUDA graphs and sampler buffers are covered by the fixed overhead.
    mem.overhead = kFrameworkOverheadBytes;
    return mem;
}

} // namespace gpuplanner::core
