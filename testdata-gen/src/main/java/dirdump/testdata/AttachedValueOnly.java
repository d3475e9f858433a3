package dirdump.testdata;

import java.util.Map;
import java.util.Stack;
import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * For an int option whose value is optional (--fragment[=K]): the value only when attached with '=', so
 * that the bare option never takes the next argument (`--fragment OUT` keeps OUT as OUT).
 */
final class AttachedValueOnly implements IParameterPreprocessor {
    @Override
    public boolean preprocess(Stack<String> args, CommandSpec command, ArgSpec arg, Map<String, Object> info) {
        if ("=".equals(info.get("separator"))) {
            return false;  // --fragment=K: K is on the stack, and picocli converts it as usual
        }
        arg.setValue(Integer.valueOf(((OptionSpec) arg).fallbackValue()));
        return true;
    }
}
