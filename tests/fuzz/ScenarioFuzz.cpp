// Scenario files: the desktop's documents and the CLI's plan input, written by people and
// shared between them; every number has a range (InputLimits) and every error a short quote.

#include "FuzzSupport.h"

#include "core/estimate/ModelPresets.h"
#include "core/plan/Scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    static const QList<core::ModelPreset> presets = [] {
        auto loaded = core::loadModelPresets();
        if (!loaded)
            qFatal("model presets: %s", qPrintable(loaded.errorMessage()));
        return loaded.value();
    }();
    auto scenario = core::parseScenario(fuzz::bytes(data, size), presets);
    // An error names a field in a few dozen characters of its value, whatever the input.
    if (!scenario && scenario.errorMessage().size() > 4096)
        std::abort();
    return 0;
}
