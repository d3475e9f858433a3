package dirdump.cli;

import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * An option's or a parameter's value, bound to picocli's model as its getter and setter: no field
 * found by reflection, no lambda. The value it starts with is the option's initial value, which
 * ${DEFAULT-VALUE} shows where no default is given, and which picocli sets again before each parse
 * of a command line parsed twice; not for an option of an ArgGroup (-q | -v), which picocli resets
 * only through a group object that it makes by reflection: dirdump parses each command line once.
 */
final class Value<T> implements IGetter, ISetter {
    private T value;

    Value(T initial) {
        value = initial;
    }

    /** The value given, or the default, or the initial one. */
    T value() {
        return value;
    }

    /** An option of these names bound to this value; {@code type}: the value's class, as picocli converts to it. */
    OptionSpec.Builder option(Class<?> type, String... names) {
        return OptionSpec.builder(names).type(type).getter(this).setter(this).initialValue(value);
    }

    /** A positional parameter bound to this value. */
    PositionalParamSpec.Builder parameter(Class<?> type) {
        return PositionalParamSpec.builder().type(type).getter(this).setter(this).initialValue(value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R get() {
        return (R) value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R set(R given) {
        R old = (R) value;
        value = (T) given;
        return old;
    }
}
