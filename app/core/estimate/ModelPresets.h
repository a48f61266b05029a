#pragma once
// ModelPresets: the model library in resources/presets/models.json (embedded as
// ":/presets/models.json"), each entry with the source of its numbers.

#include "core/common/Result.h"
#include "core/estimate/Workload.h"

#include <QList>
#include <QString>

namespace gpuplanner::core {

struct ModelPreset
{
    QString id;
    QString name;
    bool vision = false;
    TransformerArch arch;       // transformers
    double visionParams = 0;    // vision networks
    double forwardFlops = 0;    // vision: real FLOPs per forward pass; 0 = not known
    int resolution = 0;
    bool tiedEmbeddings = false;
    bool depthwiseSeparable = false; // vision: MobileNet/EfficientNet-style layers
    QString source;
    QString note;
};

QString defaultPresetsPath();

// Reads and validates a presets file; errors name the file and the entry at fault.
Result<QList<ModelPreset>> loadModelPresets(const QString &path = defaultPresetsPath());

const ModelPreset *findPreset(const QList<ModelPreset> &presets, QStringView id);

} // namespace gpuplanner::core
