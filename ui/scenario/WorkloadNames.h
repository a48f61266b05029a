#pragma once
// WorkloadNames: the words people read for a scenario's workload ids ("pretrain" -> "Pre-training",
// "bf16" -> "BF16 mixed precision"), shared by the workload editor (the app's language) and the
// PDF report (its own language, through the report's translator).

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <utility>

QT_BEGIN_NAMESPACE
class QTranslator;
QT_END_NAMESPACE

namespace gpuplanner::ui {

class WorkloadNames
{
public:
    using Choices = QList<std::pair<QString, QString>>; // (id, words in the app's language)

    static Choices kinds();           // workload.task as the kind of work
    static Choices fineTuneMethods(); // workload.task for fine-tuning
    static Choices precisions();      // workload.precision

    // The words for a task id (kinds first, then fine-tune methods) or a precision id, through
    // `translator` (English when null); an unknown id comes back as it is.
    static QString task(const QString &id, const QTranslator *translator);
    static QString precision(const QString &id, const QTranslator *translator);
};

} // namespace gpuplanner::ui
