#include "core/io/BoundedFile.h"
#include "core/io/SafeFileWriter.h"
#include "ui/scenario/ScenarioDocument.h"

#include "ui/scenario/JsonPath.h"

#include <QDate>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QCryptographicHash>
#include <QUndoCommand>
#include <QRegularExpression>
#include <QUndoStack>

namespace gpuplanner::ui {

class SetValueCommand : public QUndoCommand
{
public:
    SetValueCommand(ScenarioDocument *doc, QString path, QJsonValue before, QJsonValue after, quint64 session)
        : m_doc(doc), m_path(std::move(path)), m_before(std::move(before)), m_after(std::move(after)),
          m_time(QDateTime::currentMSecsSinceEpoch()), m_session(session)
    {
        // "Undo Dataset tokens change" in the Edit menu, not a JSON path.
        setText(ScenarioDocument::tr("%1 change").arg(doc->fieldName(m_path)));
    }

    void redo() override { m_doc->apply(m_path, m_after); }
    void undo() override { m_doc->apply(m_path, m_before); }
    int id() const override { return 1; }

    // Typing "2T" is one step, not two; a pause of two seconds starts a new step.
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const SetValueCommand *>(other);
        if (o->m_path != m_path)
            return false;
        // One stay of the keyboard in a field is one step, whatever it typed and however slowly.
        if (m_session != 0 || o->m_session != 0) {
            if (o->m_session != m_session)
                return false;
            m_after = o->m_after;
            m_time = o->m_time;
            return true;
        }
        // Arrays (phases, lists) change by whole rows: each such edit stays its own step.
        if (o->m_time - m_time > 2000 || m_after.isArray() || o->m_after.isArray())
            return false;
        m_after = o->m_after;
        m_time = o->m_time;
        return true;
    }

private:
    ScenarioDocument *m_doc;
    QString m_path;
    QJsonValue m_before;
    QJsonValue m_after;
    qint64 m_time;
    quint64 m_session;
};

ScenarioDocument::ScenarioDocument(QList<core::ModelPreset> presets, QObject *parent)
    : QObject(parent), m_presets(std::move(presets)), m_undo(new QUndoStack(this))
{
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
    reset(defaultJson(), QString());
}

void ScenarioDocument::setFieldName(const QString &path, const QString &name)
{
    m_fieldNames.insert(path, name);
}

QString ScenarioDocument::fieldName(const QString &path) const
{
    if (const auto it = m_fieldNames.constFind(path); it != m_fieldNames.constEnd())
        return *it;
    // The longest named path this one lies inside: "assumptions.fx[0].per_usd" -> Exchange rates.
    QString best;
    for (auto it = m_fieldNames.constBegin(); it != m_fieldNames.constEnd(); ++it) {
        const QString &p = it.key();
        if (p.size() > best.size() && path.startsWith(p) && path.size() > p.size()
            && (path.at(p.size()) == u'[' || path.at(p.size()) == u'.'))
            best = p;
    }
    if (best.isEmpty())
        return path;
    QString rest = path.mid(best.size());
    static const QRegularExpression row(QStringLiteral("^\\[(\\d+)\\]\\.?"));
    if (const auto m = row.match(rest); m.hasMatch())
        rest = tr("row %1").arg(m.captured(1).toInt() + 1) + (rest.size() > m.capturedLength() ? QStringLiteral(", ") : QString())
               + rest.mid(m.capturedLength());
    else if (rest.startsWith(u'.'))
        rest = rest.mid(1);
    return tr("%1 (%2)").arg(m_fieldNames.value(best), rest);
}

QString ScenarioDocument::errorInWords(const QString &message) const
{
    const QString path = errorPathOf(message);
    if (path.isEmpty())
        return message;
    return tr("%1: %2").arg(fieldName(path), errorReasonOf(message));
}

QJsonObject ScenarioDocument::defaultJson()
{
    // A small, common job that plans in a blink and shows every column: LoRA on an 8B model.
    const QString month = QDate::currentDate().addMonths(1).toString(QStringLiteral("yyyy-MM"));
    return QJsonObject{
        {QStringLiteral("format"), QStringLiteral("gpu-planner-scenario")},
        {QStringLiteral("version"), core::kScenarioVersion},
        {QStringLiteral("name"), tr("Untitled scenario")},
        {QStringLiteral("display_currency"), QStringLiteral("USD")},
        {QStringLiteral("sort"), QStringLiteral("cost")},
        {QStringLiteral("workload"),
         QJsonObject{{QStringLiteral("task"), QStringLiteral("lora")},
                     {QStringLiteral("model"), QStringLiteral("llama-3.1-8b")},
                     {QStringLiteral("tokens"), QStringLiteral("1B")},
                     {QStringLiteral("epochs"), 1},
                     {QStringLiteral("precision"), QStringLiteral("bf16")}}},
        {QStringLiteral("constraints"),
         QJsonObject{{QStringLiteral("deadline"), QStringLiteral("3d")},
                     {QStringLiteral("budget"), 5000},
                     {QStringLiteral("confidence"), 0.9}}},
        {QStringLiteral("phases"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), tr("Experiments")},
                                {QStringLiteral("start"), month},
                                {QStringLiteral("months"), 2},
                                {QStringLiteral("gpu_hours_per_month"), 100},
                                {QStringLiteral("spot_allowed"), true}},
                    QJsonObject{{QStringLiteral("name"), tr("Main run")},
                                {QStringLiteral("start"), QDate::currentDate().addMonths(3).toString(QStringLiteral("yyyy-MM"))},
                                {QStringLiteral("months"), 1},
                                {QStringLiteral("main_run"), true}}}},
    };
}

bool ScenarioDocument::isScenarioFileName(const QString &path)
{
    return path.endsWith(QStringLiteral(".gpuplan"), Qt::CaseInsensitive)
        || path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive);
}

QJsonValue ScenarioDocument::value(const QString &path) const
{
    return jsonValueAt(m_json, path);
}

void ScenarioDocument::setValue(const QString &path, const QJsonValue &value, quint64 session)
{
    const QJsonValue before = jsonValueAt(m_json, path);
    if (before == value)
        return;
    m_undo->push(new SetValueCommand(this, path, before, value, session));
}

quint64 ScenarioDocument::newEditSession()
{
    static quint64 next = 0;
    return ++next;
}

void ScenarioDocument::apply(const QString &path, const QJsonValue &value)
{
    m_json = jsonWithValueAt(m_json, path, value);
    reparse();
    Q_EMIT changed();
}

void ScenarioDocument::reset(const QJsonObject &json, const QString &path)
{
    m_json = json;
    m_undo->clear();
    m_undo->setClean();
    reparse();
    m_filePath = path;
    m_diskSha256.reset();
    Q_EMIT filePathChanged(m_filePath);
    Q_EMIT modifiedChanged(false);
    Q_EMIT replaced();
    Q_EMIT changed();
}

void ScenarioDocument::reparse()
{
    auto parsed = core::parseScenario(QJsonDocument(m_json).toJson(QJsonDocument::Compact), m_presets);
    if (parsed) {
        m_scenario = std::move(parsed).value();
        m_error.clear();
        m_errorPath.clear();
    } else {
        m_scenario.reset();
        m_error = parsed.errorMessage();
        m_errorPath = errorPathOf(m_error);
    }
}

void ScenarioDocument::newScenario()
{
    QJsonObject json = defaultJson();
    if (m_newDefaults) {
        for (const auto &[path, value] : m_newDefaults())
            json = jsonWithValueAt(json, path, value);
    }
    reset(json, QString());
}

void ScenarioDocument::setNewScenarioDefaults(std::function<QList<QPair<QString, QJsonValue>>()> defaults)
{
    m_newDefaults = std::move(defaults);
}

bool ScenarioDocument::open(const QString &path, QString *error)
{
    auto read = core::readBoundedFile(path, core::kMaxScenarioBytes);
    if (!read) {
        *error = read.errorMessage();
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(read.value(), &parseError);
    if (!doc.isObject()) {
        *error = doc.isNull() ? tr("%1: not JSON at offset %2: %3").arg(path).arg(parseError.offset).arg(parseError.errorString())
                              : tr("%1: not a scenario (the top level is not a JSON object)").arg(path);
        return false;
    }
    // A scenario with a bad field still opens: the field shows the problem and can be fixed here.
    // An example built into the app is a starting point: Save asks where to keep the copy.
    reset(doc.object(), path.startsWith(u':') ? QString() : path);
    if (!path.startsWith(u':'))
        m_diskSha256 = QCryptographicHash::hash(read.value(), QCryptographicHash::Sha256);
    return true;
}

void ScenarioDocument::setRecordSource(std::function<std::optional<QJsonObject>()> source)
{
    m_recordSource = std::move(source);
}

bool ScenarioDocument::save(const QString &path, QString *error)
{
    commitPendingEdits(); // a list still being typed is saved as typed
    // The record is metadata of the saved plan, not an edit: it changes no field and no undo step.
    if (m_recordSource) {
        if (const std::optional<QJsonObject> record = m_recordSource()) {
            m_json.insert(QStringLiteral("priced_on"), *record);
            if (m_scenario)
                m_scenario->pricedOn = *record;
        }
    }
    // Saving over the file it was opened from refuses a file someone changed meanwhile; Save As to
    // another path writes where the person chose.
    const QByteArray bytes = QJsonDocument(m_json).toJson(QJsonDocument::Indented);
    core::SafeWriteOptions options;
    options.namedByUser = true;
    if (path == m_filePath && m_diskSha256)
        options.expectedSha256 = m_diskSha256;
    if (core::Status written = core::writeFileSafely(path, bytes, options); !written) {
        *error = written.errorMessage();
        return false;
    }
    m_diskSha256 = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
    m_undo->setClean();
    if (m_filePath != path) {
        m_filePath = path;
        Q_EMIT filePathChanged(m_filePath);
    }
    return true;
}

QString ScenarioDocument::displayName() const
{
    return m_filePath.isEmpty() ? tr("Untitled") : QFileInfo(m_filePath).fileName();
}

bool ScenarioDocument::isModified() const
{
    return !m_undo->isClean();
}

} // namespace gpuplanner::ui
