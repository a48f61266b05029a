#include "estimate/PublishedRuns.h"

#include "estimate/GpuFixtures.h"

#include "core/estimate/Estimator.h"
#include "core/io/CsvReader.h"

#include <gtest/gtest.h>

#include <cmath>

namespace gpuplanner::test {

using namespace gpuplanner::core;

namespace {

double num(const QString &text, double fallback = 0)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok ? v : fallback;
}

} // namespace

std::vector<PublishedRun> loadPublishedRuns()
{
    std::vector<PublishedRun> out;
    auto table = readCsvFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/validation-campaigns.csv"));
    if (!table) {
        ADD_FAILURE() << qPrintable(table.errorMessage());
        return out;
    }
    const CsvTable &t = table.value();
    for (const CsvRecord &r : t.records()) {
        auto f = [&](const char *col) { return t.field(r, QString::fromLatin1(col)); };
        PublishedRun run;
        run.id = f("id");
        run.campaign = f("kind") == u"campaign";
        run.verified = f("verified") == u"yes";
        const int gpus = int(num(f("gpu_count"), kAssumedCampaignGpus));
        run.cluster = hgxCluster(f("gpu"), gpus);
        // Where the source states the network (Llama 3: 400 Gb/s RoCE per GPU; DeepSeek-V3: 50 GB/s
        // InfiniBand per GPU), else the fixture's 8 x 200 Gb/s.
        if (const double network = num(f("network_gbps")); network > 0)
            run.cluster.networkGbps = network;
        Workload &w = run.workload;
        w.kind = WorkloadKind::Pretrain;
        TransformerArch &m = w.model;
        m.params = num(f("params"));
        m.activeParams = num(f("active_params"));
        m.layers = int(num(f("layers")));
        m.hidden = int(num(f("hidden")));
        m.heads = int(num(f("heads")));
        m.kvHeads = int(num(f("kv_heads")));
        m.ffn = int(num(f("ffn")));
        m.vocab = int(num(f("vocab")));
        m.seqLen = int(num(f("seq_len")));
        m.experts = int(num(f("experts")));
        m.expertsPerToken = int(num(f("experts_per_token")));
        // A SwiGLU MLP is the one whose inner size is not the classic 4 x hidden.
        m.gatedMlp = m.ffn > 0 && m.ffn != 4 * m.hidden && !m.moe();
        w.training.tokens = num(f("tokens"), 1e12);
        w.training.precision = f("precision") == u"fp8" ? TrainPrecision::Fp8 : TrainPrecision::Mixed;
        // What the source states of its run (validation-campaigns.md); empty keeps the product's default.
        w.training.globalBatch = int(num(f("batch")));
        // The layout and stack the source states it ran (validation-campaigns.md); empty is searched.
        w.training.tensorParallel = int(num(f("tp")));
        w.training.pipelineParallel = int(num(f("pp")));
        w.training.microBatch = int(num(f("micro_batch")));
        if (f("recompute") == u"full")
            w.training.recompute = Recompute::Full;
        else if (f("recompute") == u"none")
            w.training.recompute = Recompute::None;
        if (f("zero") == u"3")
            w.training.sharding = Sharding::Zero3;
        else if (f("zero") == u"2")
            w.training.sharding = Sharding::Zero2;
        w.training.flashAttention = f("flash_attention") != u"no";
        if (f("expert_overlap") == u"full")
            w.training.expertOverlap = ExpertOverlap::Full;
        else if (f("expert_overlap") == u"none")
            w.training.expertOverlap = ExpertOverlap::None;
        // What the report states of its campaign (validation-campaigns.md); unknown keeps the default.
        CampaignTerms &terms = w.training.campaign;
        if (f("stack") == u"tuned")
            terms.stack = StackMaturity::Tuned;
        else if (f("stack") == u"generic")
            terms.stack = StackMaturity::Generic;
        if (f("failure_handling") == u"automatic")
            terms.failureHandling = FailureHandling::Automatic;
        else if (f("failure_handling") == u"manual")
            terms.failureHandling = FailureHandling::Manual;
        if (f("first_run") == u"yes")
            terms.firstRun = FirstRun::Yes;
        else if (f("first_run") == u"no")
            terms.firstRun = FirstRun::No;
        if (f("accounting") == u"wall-clock")
            run.accounting = CampaignAccounting::WallClock;
        else if (f("accounting") == u"throughput-derived")
            run.accounting = CampaignAccounting::ThroughputDerived;
        const double value = num(f("reported_value"));
        run.reportedUnit = f("reported_unit");
        if (run.reportedUnit == u"days")
            run.reported = value * 24.0 * gpus;
        else
            run.reported = value;
        out.push_back(std::move(run));
    }
    return out;
}

double steadyStateFigure(const PublishedRun &run, const Estimate &e)
{
    if (!e.fits || e.gpus <= 0)
        return 0;
    if (run.reportedUnit == u"tokens_per_s_per_gpu")
        return e.throughput / e.gpus;
    if (run.reportedUnit == u"tflops_per_gpu")
        return e.mfu * e.peakTflops;
    if (run.reportedUnit == u"hfu_tflops_per_gpu") {
        // Figures that count the recomputed forward (Megatron-LM 2021's 96 B s l h^2 formula): the
        // estimate's model FLOPs plus the forward it runs again.
        const TransformerArch &m = run.workload.model;
        const double base = modelFlopsPerToken(run.workload);
        const double forward = 2.0 * m.activeOrTotal() + 4.0 * m.layers * double(m.hidden) * m.seqLen;
        double recomputed = 0;
        if (e.layout.recompute == Recompute::Full) {
            const double layersPerStage = std::ceil(double(m.layers) / e.layout.pipelineParallel);
            recomputed = e.layout.recomputeLayers > 0 ? e.layout.recomputeLayers / layersPerStage : 1.0;
        }
        return e.mfu * e.peakTflops * (base + forward * recomputed) / base;
    }
    if (run.reportedUnit == u"mfu")
        return e.mfu;
    return 0;
}

PublishedFit estimatePublishedRuns(const std::vector<PublishedRun> &runs)
{
    PublishedFit fit;
    double squares = 0;
    int tunedRows = 0;
    for (const PublishedRun &run : runs) {
        const Estimate e = estimate(run.workload, run.cluster);
        if (!e.fits) {
            ADD_FAILURE() << qPrintable(run.id) << ": does not fit, problem " << int(e.problem);
            continue;
        }
        if (run.campaign) {
            CampaignSample s;
            s.generation = campaignGeneration(run.cluster.gpu.generation);
            s.gpus = e.gpus;
            s.modelledGpuHours = e.campaign.modelledGpuHours;
            s.reportedGpuHours = run.reported;
            s.accounting = run.accounting;
            s.terms = run.workload.training.campaign;
            fit.samples.push_back(s);
            fit.sampleIds.push_back(run.id);
        } else {
            const double figure = steadyStateFigure(run, e);
            if (figure <= 0 || run.reported <= 0) {
                ADD_FAILURE() << qPrintable(run.id) << ": no steady-state figure for unit "
                              << qPrintable(run.reportedUnit);
                continue;
            }
            const double ratio = std::log(figure / run.reported);
            fit.steadyLogRatios.push_back(ratio);
            fit.steadyIds.push_back(run.id);
            const bool tuned = run.workload.training.campaign.stack == StackMaturity::Tuned;
            fit.steadyTuned.push_back(tuned);
            // The spread a calibration removes: tuned stacks around the estimator of a tuned stack.
            if (tuned) {
                squares += ratio * ratio;
                ++tunedRows;
            }
        }
    }
    fit.tunedRows = tunedRows;
    if (tunedRows > 0)
        fit.tunedLogSigma = std::sqrt(squares / double(tunedRows));
    return fit;
}

} // namespace gpuplanner::test
