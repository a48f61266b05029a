#pragma once
// StackField: a pre-training campaign's stack (workload.stack) as a choice (the default, tuned,
// generic or a measured MFU) and, on a row of its own, the measured MFU typed as a percentage.
// Both write the one key the loader reads: "tuned", "generic" or "mfu=0.42".

#include "ui/scenario/FieldBindings.h"

#include <optional>

class QComboBox;
class QLineEdit;

namespace gpuplanner::ui {

// The measured MFU as a person says it ("42 %", "42", "0.42"). Only a value the estimate can
// use is written, once its typing ends (Enter, leaving the field, saving); other text stays in
// the field with the reason under it, and the document keeps its last value.
class MeasuredMfuField : public Field
{
    Q_OBJECT

public:
    MeasuredMfuField(ScenarioDocument *doc, const QString &path, QWidget *parent);
    QLineEdit *edit() const { return m_edit; }
    // What is wrong with the typed text, naming the field; empty when nothing is.
    const QString &problem() const { return m_problem; }
    // Empties the field and its problem (another stack was chosen).
    void clear();

    // Typed text as an MFU (0 to 1): a percentage ("42 %", "42%", or a number over 1) or a
    // fraction ("0.42"); nothing, with the reason, for anything else or outside (0, 100 %].
    static std::optional<double> parse(const QString &text, QString *reason);
    // An MFU as the field shows it: "42 %".
    static QString percentText(double mfu);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showValue(const QJsonValue &value) override;
    void showInvalid(bool invalid) override;

private:
    // Writes the typed text when it is an MFU, else shows why not.
    void finishTyping();

    QLineEdit *m_edit;
    QJsonValue m_written; // the document's value this field last showed or wrote
    QString m_problem;
    quint64 m_session = 0; // this stay of the keyboard's edit session
    bool m_pending = false; // typed but not finished yet
};

class StackField : public Field
{
    Q_OBJECT

public:
    // choices: (id, visible text) of the stated stacks, an empty id for the default; measuredText
    // names the last choice, the measured MFU typed into mfuField().
    StackField(ScenarioDocument *doc, const QString &path, const QList<std::pair<QString, QString>> &choices,
               const QString &measuredText, QWidget *parent);
    QComboBox *combo() const { return m_combo; }
    MeasuredMfuField *mfuField() const { return m_mfu; }
    // The measured MFU is the choice shown, typed yet or not.
    bool measuredChosen() const { return m_measured; }

Q_SIGNALS:
    void measuredChosenChanged(bool chosen);

protected:
    void showValue(const QJsonValue &value) override;
    void showInvalid(bool invalid) override;

private:
    void choose(int index);
    void setMeasured(bool measured);

    QComboBox *m_combo;
    MeasuredMfuField *m_mfu;
    QJsonValue m_shown = QJsonValue(QJsonValue::Null); // the document's value last shown; null before any
    bool m_measured = false;
};

} // namespace gpuplanner::ui
