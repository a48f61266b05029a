#include "core/estimate/ModelPresets.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gpuplanner::core {

QString defaultPresetsPath()
{
    return QStringLiteral(":/presets/models.json");
}

Result<QList<ModelPreset>> loadModelPresets(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("%1: cannot open: %2").arg(path, file.errorString())};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (doc.isNull())
        return Error{QStringLiteral("%1: not JSON at offset %2: %3")
                         .arg(path)
                         .arg(parseError.offset)
                         .arg(parseError.errorString())};
    const QJsonArray models = doc.object().value(QStringLiteral("models")).toArray();
    if (models.isEmpty())
        return Error{QStringLiteral("%1: no \"models\" array").arg(path)};
    QList<ModelPreset> out;
    out.reserve(models.size());
    for (const QJsonValue &v : models) {
        const QJsonObject o = v.toObject();
        ModelPreset p;
        p.id = o.value(QStringLiteral("id")).toString();
        p.name = o.value(QStringLiteral("name")).toString();
        p.source = o.value(QStringLiteral("source")).toString();
        p.note = o.value(QStringLiteral("note")).toString();
        if (p.id.isEmpty() || p.source.isEmpty())
            return Error{QStringLiteral("%1: entry %2 lacks an id or a source").arg(path).arg(out.size() + 1)};
        p.vision = o.value(QStringLiteral("kind")).toString() == u"vision";
        p.resolution = o.value(QStringLiteral("resolution")).toInt();
        p.tiedEmbeddings = o.value(QStringLiteral("tied_embeddings")).toBool();
        auto num = [&o](const char16_t *key) { return o.value(QString::fromUtf16(key)).toDouble(); };
        if (p.vision) {
            p.visionParams = num(u"params");
            p.forwardFlops = num(u"forward_gflops") * 1e9;
            p.depthwiseSeparable = o.value(QStringLiteral("depthwise_separable")).toBool();
            if (p.visionParams <= 0)
                return Error{QStringLiteral("%1: %2: params must be positive").arg(path, p.id)};
        } else {
            TransformerArch &a = p.arch;
            a.params = num(u"params");
            a.activeParams = num(u"active_params");
            a.layers = int(num(u"layers"));
            a.hidden = int(num(u"hidden"));
            a.heads = int(num(u"heads"));
            a.kvHeads = int(num(u"kv_heads"));
            a.ffn = int(num(u"ffn"));
            a.vocab = int(num(u"vocab"));
            a.seqLen = int(num(u"seq_len"));
            a.gatedMlp = o.value(QStringLiteral("gated_mlp")).toBool();
            a.kvCacheWidthPerLayer = int(num(u"kv_cache_width_per_layer"));
            a.experts = int(num(u"experts"));
            a.expertsPerToken = int(num(u"experts_per_token"));
            if (a.params <= 0 || !a.hasShape() || a.seqLen <= 0)
                return Error{QStringLiteral("%1: %2: params, layers, hidden, heads and seq_len are required")
                                 .arg(path, p.id)};
        }
        out.append(p);
    }
    return out;
}

const ModelPreset *findPreset(const QList<ModelPreset> &presets, QStringView id)
{
    for (const ModelPreset &p : presets) {
        if (QStringView(p.id).compare(id, Qt::CaseInsensitive) == 0)
            return &p;
    }
    return nullptr;
}

} // namespace gpuplanner::core
