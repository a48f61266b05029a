#include "ui/scenario/WorkloadNames.h"

#include <QTranslator>

namespace gpuplanner::ui {

namespace {

struct Name
{
    const char *id;
    const char *words; // source text in the WorkloadNames context
};

constexpr Name kKinds[] = {
    {"pretrain", QT_TRANSLATE_NOOP("WorkloadNames", "Pre-training")},
    {"finetune", QT_TRANSLATE_NOOP("WorkloadNames", "Fine-tuning")},
    {"vision", QT_TRANSLATE_NOOP("WorkloadNames", "Vision training")},
    {"inference", QT_TRANSLATE_NOOP("WorkloadNames", "Inference serving")},
    {"measured", QT_TRANSLATE_NOOP("WorkloadNames", "Measured throughput")},
};

constexpr Name kFineTuneMethods[] = {
    {"finetune", QT_TRANSLATE_NOOP("WorkloadNames", "Full fine-tuning")},
    {"lora", QT_TRANSLATE_NOOP("WorkloadNames", "LoRA adapters")},
    {"qlora", QT_TRANSLATE_NOOP("WorkloadNames", "QLoRA (4-bit base model)")},
};

constexpr Name kPrecisions[] = {
    {"bf16", QT_TRANSLATE_NOOP("WorkloadNames", "BF16 mixed precision")},
    // Parts without BF16 (T4, V100) train in FP16 mixed precision.
    {"fp16", QT_TRANSLATE_NOOP("WorkloadNames", "FP16 mixed precision")},
    {"fp8", QT_TRANSLATE_NOOP("WorkloadNames", "FP8")},
    {"tf32", QT_TRANSLATE_NOOP("WorkloadNames", "TF32")},
    {"fp32", QT_TRANSLATE_NOOP("WorkloadNames", "FP32")},
};

template <std::size_t N>
WorkloadNames::Choices choices(const Name (&names)[N])
{
    WorkloadNames::Choices out;
    for (const Name &n : names)
        out.append({QString::fromLatin1(n.id), QCoreApplication::translate("WorkloadNames", n.words)});
    return out;
}

template <std::size_t N>
const Name *find(const Name (&names)[N], const QString &id)
{
    for (const Name &n : names) {
        if (id == QLatin1String(n.id))
            return &n;
    }
    return nullptr;
}

QString translated(const Name *name, const QString &id, const QTranslator *translator)
{
    if (!name)
        return id;
    const QString words = translator ? translator->translate("WorkloadNames", name->words) : QString();
    return words.isEmpty() ? QString::fromUtf8(name->words) : words;
}

} // namespace

WorkloadNames::Choices WorkloadNames::kinds() { return choices(kKinds); }
WorkloadNames::Choices WorkloadNames::fineTuneMethods() { return choices(kFineTuneMethods); }
WorkloadNames::Choices WorkloadNames::precisions() { return choices(kPrecisions); }

QString WorkloadNames::task(const QString &id, const QTranslator *translator)
{
    const Name *name = find(kKinds, id);
    return translated(name ? name : find(kFineTuneMethods, id), id, translator);
}

QString WorkloadNames::precision(const QString &id, const QTranslator *translator)
{
    return translated(find(kPrecisions, id), id, translator);
}

} // namespace gpuplanner::ui
