// The campaign model the product uses: fitCampaignModel() on tests/data/validation-campaigns.csv
// (36 published pre-training campaigns: LLaMA 1, Llama 2, 3, 3.1 and 4, DeepSeek LLM, V2 and V3,
// Pythia, TinyLlama, MPT, OPT, GPT-3, BLOOM, GLM, GPT-NeoX, Falcon, StarCoder, phi, RoBERTa;
// each row names its source and what its report states of stack, failure handling, first run and
// accounting) against this estimator, and the spread of its 24 tuned steady-state rows.
// CampaignTest refits the table and fails when these drift from the fit.

#include "core/estimate/Campaign.h"

namespace gpuplanner::core {

const CampaignModel &publishedCampaignModel()
{
    static const CampaignModel model = [] {
        CampaignModel m;
        m.intercept = 0.236949;
        m.perDoubling = 0.032175;
        m.generationOffset[int(CampaignGeneration::Volta)] = 0.109260;
        m.generationOffset[int(CampaignGeneration::Ampere)] = -0.149887;
        m.generationOffset[int(CampaignGeneration::Hopper)] = 0.040627;
        m.generationRows[int(CampaignGeneration::Volta)] = 2;
        m.generationRows[int(CampaignGeneration::Ampere)] = 24;
        m.generationRows[int(CampaignGeneration::Hopper)] = 10;
        m.termCoefficient[int(CampaignTerm::GenericStack)] = 0.268477;
        m.termCoefficient[int(CampaignTerm::ManualFailureHandling)] = 0.265927;
        m.termCoefficient[int(CampaignTerm::FirstRun)] = 0.104291;
        m.termCoefficient[int(CampaignTerm::ThroughputAccounting)] = -0.057183;
        m.logP10 = -0.559600;
        m.logP90 = 0.528517;
        m.tunedLogSigma = 0.117040;
        m.tunedRows = 24;
        m.rows = 36;
        return m;
    }();
    return model;
}

} // namespace gpuplanner::core
