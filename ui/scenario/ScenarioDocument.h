#pragma once
// ScenarioDocument: the scenario being edited, kept as the JSON the user typed (so nothing
// typed is ever lost, even when it is invalid) plus the last successful parse of it. Every
// edit is an undoable command on one JSON path; the file is written with core::SafeFileWriter.

#include "core/estimate/ModelPresets.h"
#include "core/plan/Scenario.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPair>

#include <functional>
#include <optional>

class QUndoStack;

namespace gpuplanner::ui {

class ScenarioDocument : public QObject
{
    Q_OBJECT

public:
    explicit ScenarioDocument(QList<core::ModelPreset> presets, QObject *parent = nullptr);

    const QList<core::ModelPreset> &presets() const { return m_presets; }
    QUndoStack *undoStack() const { return m_undo; }

    const QJsonObject &json() const { return m_json; }
    // The words a person reads for a path ("Dataset tokens" for workload.tokens), as the form
    // labels it; a path inside a table ("assumptions.fx[0].per_usd") reads as its table's name
    // and the rest; an unnamed path reads as itself.
    void setFieldName(const QString &path, const QString &name);
    QString fieldName(const QString &path) const;
    // A core error message with its leading path in words ("Dataset tokens: \"2X\" is not ...").
    QString errorInWords(const QString &message) const;
    QJsonValue value(const QString &path) const;
    // Pushes an undoable edit; consecutive edits of one field within a moment merge into one step.
    // With an edit session (a field's one stay of the keyboard, see newEditSession), every edit of
    // that session is one step however slowly it is typed.
    void setValue(const QString &path, const QJsonValue &value, quint64 session = 0);
    static quint64 newEditSession();
    // Asks every field holding typed text it has not written yet (a list being typed) to write it:
    // before saving, recording or exporting, so nothing typed is left out.
    void commitPendingEdits() { Q_EMIT pendingEditsWanted(); }

    // Valid scenario of the current JSON, or nothing while the JSON has a problem.
    const std::optional<core::Scenario> &scenario() const { return m_scenario; }
    // The loader's message for the current JSON ("workload.tokens: \"2X\" is not a count ...").
    const QString &error() const { return m_error; }
    const QString &errorPath() const { return m_errorPath; }

    // File handling. Errors name the file and what went wrong.
    void newScenario();
    // Values a new scenario starts from (the Settings dialog's defaults), path -> value, asked
    // for at every newScenario().
    void setNewScenarioDefaults(std::function<QList<QPair<QString, QJsonValue>>()> defaults);
    bool open(const QString &path, QString *error);
    bool save(const QString &path, QString *error);
    // What the plan was priced on, asked for at each save and written as the file's "priced_on"
    // (core::PlanRecord); nothing keeps the record the JSON holds.
    void setRecordSource(std::function<std::optional<QJsonObject>()> source);
    const QString &filePath() const { return m_filePath; }
    QString displayName() const;
    bool isModified() const;

    static QJsonObject defaultJson();
    static bool isScenarioFileName(const QString &path);

Q_SIGNALS:
    void changed(); // the JSON changed: fields refresh, a valid scenario is re-planned
    void filePathChanged(const QString &path);
    void modifiedChanged(bool modified);
    void replaced(); // a new or opened document: views start afresh
    void pendingEditsWanted();

private:
    friend class SetValueCommand;
    void apply(const QString &path, const QJsonValue &value);
    void reset(const QJsonObject &json, const QString &path);
    void reparse();

    std::function<std::optional<QJsonObject>()> m_recordSource;
    QList<core::ModelPreset> m_presets;
    QUndoStack *m_undo;
    QJsonObject m_json;
    std::optional<core::Scenario> m_scenario;
    QString m_error;
    QString m_errorPath;
    QHash<QString, QString> m_fieldNames;
    std::function<QList<QPair<QString, QJsonValue>>()> m_newDefaults;
    QString m_filePath;
    std::optional<QByteArray> m_diskSha256; // what m_filePath held when opened or last saved
};

} // namespace gpuplanner::ui
