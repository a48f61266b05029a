// The campaign model the product uses: fitCampaignModel() on tests/data/validation-campaigns.csv
// (36 published pre-training campaigns: LLaMA 1, Llama 2, 3, 3.1 and 4, DeepSeek LLM, V2 and V3,
// Pythia, TinyLlama, MPT, OPT, GPT-3, BLOOM, GLM, GPT-NeoX, Falcon, StarCoder, phi, RoBERTa;
// each row names its source) against this estimator, and the spread of its 28 tuned
// steady-state rows. CampaignTest refits the table and fails when these drift from the fit.

#include "core/estimate/Campaign.h"

namespace gpuplanner::core {

const CampaignModel &publishedCampaignModel()
{
    static const CampaignModel model = [] {
        CampaignModel m;
        m.intercept = 0.550324;
        m.perDoubling = -0.021732;
        m.generationOffset[int(CampaignGeneration::Volta)] = 0.249113;
        m.generationOffset[int(CampaignGeneration::Ampere)] = -0.198912;
        m.generationOffset[int(CampaignGeneration::Hopper)] = -0.050201;
        m.generationRows[int(CampaignGeneration::Volta)] = 2;
        m.generationRows[int(CampaignGeneration::Ampere)] = 24;
        m.generationRows[int(CampaignGeneration::Hopper)] = 10;
        m.logP10 = -0.517910;
        m.logP90 = 0.588825;
        m.tunedLogSigma = 0.154108;
        m.tunedRows = 28;
        m.rows = 36;
        return m;
    }();
    return model;
}

} // namespace gpuplanner::core
